// Which view's network rules hold now (the newest mounted view's), and the one
// verdict every channel asks: the runtime's connectRefusal, the words the
// preview's network log shows. A refused request is listed on that view's `blocked`.
import { connectRefusal, type SandboxRefusal } from '@extkit/runtime/bridge';
import type { Route } from './intercept.js';
import { requestedByTest } from './owner.js';

/** A request the sandbox refused, with what to change in manifest.json (the words of the preview's network log). */
export interface BlockedRequest {
  /** The URL as the browser asks for it, made absolute (a WebSocket's with its ws: or wss: scheme). */
  url: string;
  /** connect-src for a request; script-src-elem for an external script or preload; script integrity for an integrity the sandbox stripped (`url` is then the origin). */
  directive: 'connect-src' | 'script-src-elem' | 'script integrity';
  /** The origin to declare; null when it cannot be declared (data:, blob:). */
  origin: string | null;
  fix: string;
}

/** One mounted view's network rules. */
export interface NetworkGuard {
  network: readonly string[];
  fetch: typeof fetch | undefined;
  blocked: BlockedRequest[];
  /** What the sandbox attribute refused the view (sandbox.ts). */
  refused: SandboxRefusal[];
  /** Where the extension's calls to the project's API base go (render(id, { api })). */
  route?: Route | undefined;
  /** The extension's folder: requests its code makes are the extension's (owner.ts). */
  dir?: string | undefined;
}

const guards: NetworkGuard[] = [];
/** The connections each view opened, closed when it unmounts as the frame's teardown closes them. */
const opened = new WeakMap<NetworkGuard, Set<{ close(): void }>>();

export const current = (): NetworkGuard | undefined => guards[guards.length - 1];

/** `url` resolved against the document, as the browser resolves what the extension passes; throws on what is no URL. */
export const absolute = (url: string): string => new URL(url, globalThis.document?.baseURI ?? 'http://localhost/').href;

/** Checks one request against `guard`; undefined when it may go out, else the entry listed on the view's `blocked`. */
export function refuse(guard: NetworkGuard, url: string): BlockedRequest | undefined {
  // The test's own requests (setup, assertions) go out as in plain vitest; the sandbox holds the extension's.
  if (requestedByTest(guard.dir)) return undefined;
  const refusal = connectRefusal(url, guard.network);
  if (!refusal) return undefined;
  const entry: BlockedRequest = { url, directive: 'connect-src', origin: refusal.origin, fix: refusal.fix };
  guard.blocked.push(entry);
  return entry;
}

/** Remembers a connection `guard`'s view opened, to close it when the view unmounts. */
export function track(guard: NetworkGuard, connection: { close(): void }): void {
  let set = opened.get(guard);
  if (!set) opened.set(guard, (set = new Set()));
  set.add(connection);
}

/** Holds the page's network to `guard` until the returned release is called, which also closes what it opened. */
export function pushGuard(guard: NetworkGuard): () => void {
  guards.push(guard);
  return () => {
    const i = guards.indexOf(guard);
    if (i >= 0) guards.splice(i, 1);
    for (const connection of opened.get(guard) ?? []) {
      try {
        connection.close();
      } catch {
        // Already closed, or a stub without a working close: nothing stays open on our side.
      }
    }
    opened.delete(guard);
  };
}
