// The script every extension frame runs first: the bridge's frame transport,
// then the sandbox's lockdown, then the development request and console log
// (with the router, while routing is on). The extension's bundle runs after it.
import { connectFrame } from '@extkit/runtime/bridge';
import { parseApiBase } from '@extkit/runtime/routing';
import { observeFrame, type FrameRouting } from '../devlog/frame.js';
import { takeFirstMount } from '../first-mount.js';
import { LOAD_META, ROUTING_META } from '../load-proof.js';
import { lockdown } from './lockdown.js';

// The proof of this load, the routing and the first mount, taken out of the document before the extension's
// code can read them: only this transport's hello carries the proof (load-proof.ts).
const take = (name: string): string | undefined => {
  const meta = document.querySelector<HTMLMetaElement>(`meta[name="${name}"]`);
  meta?.remove();
  return meta?.content;
};
const load = take(LOAD_META);
const routing = frameRouting(take(ROUTING_META));
const mount = takeFirstMount(window);

// What the lockdown stops goes to the host page over the bridge's port, which the extension cannot
// reach, so the extension can neither silence the network log nor write to it.
const transport = connectFrame(window, { ...(load === undefined ? {} : { load }), ...(mount ? { mount } : {}) });
lockdown(window, (attempt) => transport.sandbox(attempt as unknown as Record<string, unknown>));
observeFrame(window, routing, (report) => transport.sandbox(report as unknown as Record<string, unknown>));

function frameRouting(content: string | undefined): FrameRouting | undefined {
  if (content === undefined) return undefined;
  try {
    const { api, emulator } = JSON.parse(content) as { api?: unknown; emulator?: unknown };
    const a = parseApiBase(api);
    const e = parseApiBase(emulator);
    return a.ok && e.ok ? { api: a.base, emulator: e.base } : undefined;
  } catch {
    return undefined;
  }
}
