// Storage in a frame with an opaque origin (no allow-same-origin): localStorage, sessionStorage,
// document.cookie and indexedDB throw a SecurityError while a view is mounted.
import { storageMessage } from '@extkit/runtime/bridge';
import { current } from '../guards.js';
import { requestedByTest } from '../owner.js';
import { domError, g, refuse, type Fn } from './globals.js';

/** Storage, with the frame's opaque origin (no allow-same-origin): localStorage, sessionStorage, cookies, IndexedDB. */
export function lockStorage(): void {
  // The test's own reads (setup, assertions) see jsdom's storage, as its own requests see the network.
  const held = (): boolean => {
    const guard = current();
    return guard !== undefined && !requestedByTest(guard.dir);
  };
  const deny = (what: Parameters<typeof storageMessage>[0], via: string): never => {
    refuse('storage', via, null);
    throw domError(storageMessage(what), 'SecurityError');
  };
  for (const name of ['localStorage', 'sessionStorage'] as const) {
    const own = Object.getOwnPropertyDescriptor(g, name);
    if (!own?.configurable) continue;
    const { get: getter } = own as { get?: Fn };
    const read = (): unknown => (getter ? getter.call(g) : own.value);
    Object.defineProperty(g, name, {
      configurable: true,
      enumerable: own.enumerable ?? true,
      get: () => (held() ? deny(name, name) : read()),
    });
  }
  const docProto = (g['Document'] as { prototype: object } | undefined)?.prototype;
  const cookie = docProto && Object.getOwnPropertyDescriptor(docProto, 'cookie');
  if (cookie?.get && cookie.set && cookie.configurable) {
    const { get, set } = cookie as { get: Fn; set: Fn };
    Object.defineProperty(docProto, 'cookie', {
      configurable: true,
      enumerable: cookie.enumerable ?? true,
      get(this: unknown) {
        return held() ? deny('cookie', 'document.cookie') : get.call(this);
      },
      set(this: unknown, value: unknown) {
        if (held()) deny('set cookie', 'document.cookie');
        set.call(this, value);
      },
    });
  }
  // jsdom has no IndexedDB; the frame's answers to indexedDB.open() while a view is mounted.
  if (g['indexedDB'] === undefined)
    Object.defineProperty(g, 'indexedDB', {
      configurable: true,
      get: () => (held() ? Object.freeze({ open: (): never => deny('indexedDB', 'indexedDB.open()') }) : undefined),
    });
}
