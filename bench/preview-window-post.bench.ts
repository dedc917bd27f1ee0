// `extkit dev` while a connected frame posts its parent (the host page) large
// window messages outside the bridge, which any extension can: the host page
// never reads them (their data is not deserialized), so what is left is what
// the browser does before a page's listener runs. Measured in Chromium: how
// long each click on the host page waits for its handler, and the host page's
// long tasks, beside the same clicks while the frame posts nothing.
import { openHostilePreview } from './hostile-preview.js';
import { fmt, median, verdict } from './lib.js';

const POSTS = 8;
const OBJECTS = 200_000;
const CLICKS = 8;
const ROUNDS = 4;
const PROBE = 'iframe[data-surface="component:acme.hostile-probe.probe"]';
const { page, close } = await openHostilePreview('extkit-bench-post-');
const frame = await (await page.waitForSelector(PROBE, { timeout: 10_000 })).contentFrame();
if (!frame) throw new Error('no frame');
await frame.waitForSelector('text=probe mounted', { timeout: 10_000 });
await page.evaluate(() => {
  const w = window as unknown as { clickWaits: number[]; longTasks: number };
  w.clickWaits = [];
  w.longTasks = 0;
  document.addEventListener('click', (e) => w.clickWaits.push(performance.now() - e.timeStamp), true);
  new PerformanceObserver((list) => list.getEntries().forEach((e) => (w.longTasks += e.duration))).observe({
    type: 'longtask',
    buffered: false,
  });
});
const target = await page.locator('[data-tab="events"]').boundingBox();
if (!target) throw new Error('no events tab to click');

/** One second of clicks while the frame posts POSTS messages of OBJECTS small objects each (or nothing). */
async function round(posting: boolean): Promise<{ waits: number[]; longTasks: number }> {
  await page.evaluate(() => Object.assign(window, { clickWaits: [], longTasks: 0 }));
  if (posting) {
    await frame!.evaluate(
      ({ posts, objects }) => {
        const data = Array.from({ length: objects }, (_, n) => ({ n, s: 'xxxxxxxxxx' }));
        for (let i = 0; i < posts; i++) setTimeout(() => parent.postMessage(data, '*'), i * (1000 / posts));
      },
      { posts: POSTS, objects: OBJECTS },
    );
  }
  for (let i = 0; i < CLICKS; i++) {
    await page.mouse.click(target!.x + target!.width / 2, target!.y + target!.height / 2);
    await page.waitForTimeout(1000 / CLICKS);
  }
  await page.waitForTimeout(500);
  return page.evaluate(() => {
    const w = window as unknown as { clickWaits: number[]; longTasks: number };
    return { waits: w.clickWaits, longTasks: w.longTasks };
  });
}

const posting = { waits: [] as number[], longTasks: [] as number[] };
const idle = { waits: [] as number[], longTasks: [] as number[] };
for (let i = 0; i < ROUNDS + 1; i++) {
  const a = await round(true);
  const b = await round(false);
  if (i === 0) continue; // warm-up
  posting.waits.push(...a.waits);
  posting.longTasks.push(a.longTasks);
  idle.waits.push(...b.waits);
  idle.longTasks.push(b.longTasks);
}
await close();

const worst = Math.max(...posting.waits);
process.stdout.write(`## extkit dev while a frame posts the host page large window messages

A connected frame posts its parent ${POSTS} window messages in one second, each an array of ${OBJECTS.toLocaleString('en')} small objects (outside the bridge, which any extension can do; the host page does not read them), while the host page is clicked ${CLICKS} times; Chromium headless, ${ROUNDS} rounds after a warm-up, interleaved with the peer.

| Measure | Frame posting: median | worst | Peer in the same run (no posts): median, worst | Target |
|---|---|---|---|---|
| Click in the host page → its handler runs | ${fmt(median(posting.waits))} ms | ${fmt(worst)} ms | ${fmt(median(idle.waits))} ms, ${fmt(Math.max(...idle.waits))} ms | every click < 100 ms: ${verdict(worst < 100)} |
| The host page's long tasks, per round (ms) | ${fmt(median(posting.longTasks))} ms | ${fmt(Math.max(...posting.longTasks))} ms | ${fmt(median(idle.longTasks))} ms, ${fmt(Math.max(...idle.longTasks))} ms | |
`);
