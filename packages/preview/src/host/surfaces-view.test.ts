// @vitest-environment jsdom
// The stage's reload on an edit (docs/preview.md, "Edit to update"): the page's first frame loads first, and the
// others when it has connected or TURN_MS after it started, whichever comes first, for every edit, however close.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PreviewState } from '../types.js';
import type { Mounted } from './surface-card.js';
import { Stage } from './surfaces-view.js';

const state = (revision: number): PreviewState =>
  ({
    extension: { id: 'w', name: 'W', version: '1.0.0', hostAbi: 1 },
    hostAbi: 1,
    declared: { props: [], events: [], network: [], height: null },
    settings: { fields: [], defaults: {}, local: {} },
    surfaces: [
      { key: 'component:acme.w.card', kind: 'component', id: 'acme.w.card' },
      { key: 'slot:orders.sidebar', kind: 'slot', id: 'orders.sidebar' },
    ],
    blocked: null,
    revision,
    build: null,
    diagnostics: [],
    installed: null,
  }) as unknown as PreviewState;

beforeEach(() => void vi.useFakeTimers());
afterEach(() => void vi.useRealTimers());

describe('Stage reload in turn', () => {
  it("loads the others at the first frame's connect even when an earlier edit's turn ran out meanwhile", () => {
    const stage = new Stage({
      prove: () => new Promise<string>(() => undefined),
      changed: () => {},
      blocked: () => {},
    });
    document.body.append(stage.el);
    stage.update(state(1));
    const mounted = [...(stage as unknown as { mounted: Map<string, Mounted> }).mounted.values()];
    expect(mounted.map((m) => m.surface.key)).toEqual(['component:acme.w.card', 'slot:orders.sidebar']);
    const loads: string[] = [];
    for (const m of mounted) {
      const load = m.bridge.load.bind(m.bridge);
      m.bridge.load = (src, current) => {
        loads.push(`${m.surface.kind} ${new URL(src, 'http://x').searchParams.get('r')}`);
        load(src, current);
      };
    }
    stage.update(state(2));
    expect(loads).toEqual(['component 2']);
    vi.advanceTimersByTime(150);
    // A second edit before the first frame connected: its turn starts afresh.
    stage.update(state(3));
    expect(loads).toEqual(['component 2', 'component 3']);
    // The first edit's 200 ms run out: nothing loads for it (its turn is over).
    vi.advanceTimersByTime(60);
    expect(loads).toEqual(['component 2', 'component 3']);
    // The first frame's new document connects: the others load now, not 200 ms after the second edit.
    mounted[0]!.onConnect?.();
    expect(loads).toEqual(['component 2', 'component 3', 'slot 3']);
    vi.advanceTimersByTime(500);
    expect(loads).toEqual(['component 2', 'component 3', 'slot 3']);
    stage.update({ ...state(3), surfaces: [] });
  });
});
