// The stage: every declared surface in its stand-in (a site page, a console),
// each in its own sandboxed frame with the host side of the bridge attached.
import type { BlockedRequest, PlannedSurface, PreviewState } from '../types.js';
import { fill, h } from './dom.js';
import { surfaceProps } from './calls.js';
import { store } from './store.js';
import { blockedView, standIns } from './stand-ins.js';
import { drawRate, setStatus, surfaceCard, type CardStage, type Mounted, type StageHooks } from './surface-card.js';

/** How long the other frames' reload waits for the first frame to connect, at most (see Stage.reloadInTurn). */
const TURN_MS = 200;

export class Stage {
  readonly el = h('div', { class: 'stage' });
  private mounted = new Map<string, Mounted>();
  private structure = '';
  private revision = -1;

  constructor(private readonly hooks: StageHooks) {}

  /** Applies a new state: re-creates the frames when surfaces or the sandbox changed, reloads them on a new build. */
  update(state: PreviewState): void {
    const structure = JSON.stringify([state.surfaces, state.declared, state.blocked, state.hostAbi]);
    if (structure !== this.structure) {
      this.structure = structure;
      this.revision = state.revision;
      this.render(state);
    } else if (state.revision !== this.revision) {
      this.revision = state.revision;
      store.runtimeErrors = [];
      this.reloadInTurn(state.revision);
    }
  }

  private turn = 0;

  /**
   * Reloads every frame with a new build: the page's first frame, then the others once it has connected (its
   * transport said hello) or after TURN_MS. The frames share one renderer process in Chromium: reloaded all at once,
   * the first frame's document waited for the others' teardown, creation and commit, and its mount for their scripts
   * (measured in Chromium 156: 20 to 50 ms of the component's edit-to-update). The others' documents end at once, as
   * before, and what the host page does to make their new browsing contexts is done meanwhile.
   */
  private reloadInTurn(revision: number): void {
    const turn = ++this.turn;
    const [first, ...rest] = this.mounted.values();
    if (!first) return;
    for (const m of this.mounted.values()) setStatus(m, 'loading', 'reloading');
    let moved = false;
    const move = (): void => {
      if (moved) return;
      moved = true;
      clearTimeout(timer);
      // A later edit's turn may have put its own there: leave it.
      if (first.onConnect === move) first.onConnect = undefined;
      if (turn !== this.turn) return;
      for (const m of rest) if (this.mounted.get(m.surface.key) === m) this.load(m, revision);
    };
    const timer = setTimeout(move, TURN_MS);
    first.onConnect = move;
    this.load(first, revision);
    for (const m of rest) {
      m.bridge.end();
      m.navigation.expect();
    }
  }

  /** Sends the current props (and each component's function name) to every frame. */
  pushProps(): void {
    for (const m of this.mounted.values()) m.bridge.setProps(surfaceProps(m.surface));
  }

  pushConfig(): void {
    for (const m of this.mounted.values()) m.bridge.setConfig(store.config);
  }

  /** Loads every frame again (after the base style was switched). */
  reloadAll(): void {
    this.reloadInTurn(this.revision);
  }

  reload(key: string): void {
    const m = this.mounted.get(key);
    if (!m) return;
    m.onConnect = undefined;
    setStatus(m, 'loading', 'reloading');
    this.load(m, this.revision);
  }

  /**
   * The host page's frame-src refused a navigation of one of the frames (the extension sent it toward `blocked`).
   * Measured in Chromium 156, an extension that starts a new navigation in each task from then on keeps its document
   * alive (each one replaces the refused one before its error page commits), and each is looked up: 1,395 names in
   * 4.8 s from one load. So the preview ends the frames' documents at once: a frame element taken out of the page
   * loses its browsing context, and it is put back empty. The browser's report names no frame, so every frame of the
   * extension is stopped; each reloads on request.
   */
  navigationRefused(blocked: string): void {
    // The frames not reloaded yet stay as they are now: stopped.
    this.turn++;
    for (const m of this.mounted.values()) {
      if (m.ended !== undefined) continue;
      m.ended = blocked;
      const { frame } = m;
      const parent = frame.parentNode;
      const next = frame.nextSibling;
      frame.remove();
      frame.removeAttribute('src');
      parent?.insertBefore(frame, next);
      this.hooks.blocked(navigationEntry(m.surface.key, blocked));
      this.stopped(m);
    }
  }

  private load(m: Mounted, revision: number): void {
    m.ended = undefined;
    m.note.hidden = true;
    m.navigation.expect();
    m.bridge.load(frameSrc(m.surface, revision), { props: surfaceProps(m.surface), config: store.config });
  }

  private stopped(m: Mounted): void {
    setStatus(m, 'error', 'stopped');
    fill(
      m.note,
      m.ended !== undefined
        ? `A frame of the extension navigated toward ${m.ended}, which the platform refuses (frame-src), so the preview stopped the extension's frames at once (the browser does not say which frame it was): the bridge is gone. `
        : "The frame navigated away from the extension's document (the extension set its location), so the bridge is gone: props, settings, events and calls no longer reach it, and the platform would show nothing useful here. ",
      h('button', { class: 'reload', onclick: () => this.reload(m.surface.key) }, 'Reload the frame'),
    );
    m.note.hidden = false;
  }

  private render(state: PreviewState): void {
    for (const m of this.mounted.values()) {
      m.bridge.close();
      m.navigation.close();
    }
    this.mounted.clear();
    store.runtimeErrors = [];
    if (state.blocked) {
      fill(this.el, ...blockedView(state, state.blocked));
      return;
    }
    const stage: CardStage = {
      hooks: this.hooks,
      mount: (m) => {
        this.mounted.set(m.surface.key, m);
        this.load(m, state.revision);
      },
      stopped: (m) => this.stopped(m),
      reload: (key) => this.reload(key),
    };
    fill(this.el, ...standIns(state, (s) => surfaceCard(s, state, stage)));
  }

  /** Flags (and unflags) each surface whose emit rate over the last second or more is a runaway's. */
  drawRates(): void {
    const now = performance.now();
    for (const { rate } of this.mounted.values()) drawRate(rate, now);
  }
}

/** The network log's entry for a frame navigation the host page's frame-src refused. */
const navigationEntry = (surface: string, blocked: string): BlockedRequest => ({
  surface,
  directive: 'navigation',
  blocked,
  origin: null,
  fix:
    'A frame of the extension navigated toward this URL; frame-src refuses it on the platform, but measured in Chromium, only after the ' +
    'browser resolved the name and opened a TCP connection, and an extension that starts a new navigation in every task keeps running ' +
    "and reaches host after host. The preview ended the frames' documents at once; the platform's sandbox must end the frame's document " +
    "on any navigation it starts. Open links in the platform's own UI instead; a frame navigation cannot be declared.",
});

const frameSrc = (s: PlannedSurface, revision: number): string =>
  `/__extkit/frame/${encodeURIComponent(s.key)}?r=${revision}${store.baseStyle ? '' : '&base=off'}`;
