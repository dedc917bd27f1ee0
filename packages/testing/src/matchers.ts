// toHaveEmitted and toHaveDropped for vitest's expect, typed by the project's
// src/manifest.d.ts: an event name the manifest does not declare is a compile
// error in toHaveEmitted, and a declared name (which the bridge never drops) in toHaveDropped.
import { expect } from 'vitest';
import type { DeclaredName, EventName, View } from './types.js';

interface MatcherResult {
  pass: boolean;
  message: () => string;
}

const isView = (x: unknown): x is View =>
  typeof x === 'object' && x !== null && Array.isArray((x as View).events) && Array.isArray((x as View).dropped);
const show = (x: unknown): string => (x === undefined ? 'undefined' : JSON.stringify(x));
const notAView = (matcher: string, received: unknown): MatcherResult => ({
  pass: false,
  message: () => `${matcher}: expected the view render() returned, got ${show(received)}`,
});

expect.extend({
  toHaveEmitted(received: unknown, event: string, ...detail: unknown[]): MatcherResult {
    if (!isView(received)) return notAView('toHaveEmitted', received);
    const withDetail = detail.length > 0;
    const named = received.events.filter((e) => e.name === event);
    const pass = withDetail ? named.some((e) => this.equals(e.detail, detail[0])) : named.length > 0;
    const accepted = received.events.map((e) => `${e.name} ${show(e.detail)}`).join(', ') || 'none';
    const droppedAs = received.dropped.some((d) => d.kind === 'event' && d.name === event)
      ? ` "${event}" was emitted, but the host dropped it: it is not in capabilities.events.`
      : '';
    return {
      pass,
      message: () =>
        pass
          ? `expected the view not to have emitted "${event}"${withDetail ? ` with ${show(detail[0])}` : ''}, but the host accepted it`
          : `expected the view to have emitted "${event}"${withDetail ? ` with ${show(detail[0])}` : ''}; the host accepted: ${accepted}.${droppedAs}`,
    };
  },
  toHaveDropped(received: unknown, name: string): MatcherResult {
    if (!isView(received)) return notAView('toHaveDropped', received);
    const pass = received.dropped.some((d) => d.name === name);
    const list = received.dropped.map((d) => `${d.kind} "${d.name}"`).join(', ') || 'nothing';
    return {
      pass,
      message: () =>
        pass
          ? `expected the bridge not to have dropped "${name}", but it did`
          : `expected the bridge to have dropped "${name}"; it dropped: ${list}`,
    };
  },
});

/** The matchers @extkit/testing adds to expect(view). */
export interface ExtkitMatchers<R = unknown> {
  /** Passes when the host accepted the event (with `detail`, compared deeply, when given). */
  toHaveEmitted(event: EventName, detail?: unknown): R;
  /** Passes when the bridge dropped a prop or event of this name; a declared name is never dropped, so it does not compile. */
  toHaveDropped<N extends string>(name: N & (N extends DeclaredName ? never : unknown)): R;
}

declare module 'vitest' {
  // Declaration merging into vitest's own interface: its parameter default is `any`, and the merge adds no member.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any, @typescript-eslint/no-empty-object-type
  interface Matchers<T = any> extends ExtkitMatchers<T> {}
}
