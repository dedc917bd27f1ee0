// How the lockdown replaces a DOM method or accessor: each replacement is made
// configurable first, so that several parts of the lockdown can wrap the same
// property in turn, and sealed (non-configurable, non-writable) once a window's
// lockdown is complete, so the extension can neither delete nor replace it.

// Captured before the extension runs, so that patching them later changes nothing here
// (the markup's parts call them too).
export const { apply, defineProperty, getOwnPropertyDescriptor } = Reflect;

// A replacement sits on a prototype: its receiver is whatever the page calls it on, typed by each replacement.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Fn = (this: any, ...args: unknown[]) => unknown;
/** What one window's lockdown replaced, to be sealed at its end. */
export type Patched = Array<[object, PropertyKey]>;

/** A table of interfaces and the members of each the lockdown replaces. */
export type Members = Array<[string, string[]]>;

/** Calls `patch` with each member of `table`, on its interface's prototype in `win` (undefined where the window has none). */
export function eachMember(
  win: Window,
  table: Members,
  patch: (proto: object | undefined, name: string) => void,
): void {
  const g = win as unknown as Record<string, { prototype: object } | undefined>;
  for (let i = 0; i < table.length; i++) {
    const proto = g[table[i]![0]]?.prototype;
    const names = table[i]![1];
    for (let j = 0; j < names.length; j++) patch(proto, names[j]!);
  }
}

/** A descriptor's own field (a new window may be locked after the extension put `get` or `value` on Object.prototype). */
const field = (d: object, key: 'value' | 'get' | 'set' | 'enumerable'): unknown =>
  getOwnPropertyDescriptor(d, key)?.value;

const define = (proto: object, name: PropertyKey, d: PropertyDescriptor): boolean =>
  defineProperty(proto, name, { __proto__: null, ...d } as PropertyDescriptor);

const record = (patched: Patched, proto: object, name: PropertyKey): void => {
  define(patched, patched.length, { value: [proto, name], writable: true, enumerable: true, configurable: true });
};

/** Replaces `proto[name]` with `make(original)`, keeping its name. */
export function patchMethod(
  patched: Patched,
  proto: object | undefined,
  name: string,
  make: (original: Fn) => Fn,
): void {
  const d = proto && getOwnPropertyDescriptor(proto, name);
  const original = d && field(d, 'value');
  if (!proto || typeof original !== 'function') return;
  const wrapped = make(original as Fn);
  define(wrapped, 'name', { value: name });
  if (
    define(proto, name, {
      value: wrapped,
      writable: true,
      enumerable: field(d!, 'enumerable') === true,
      configurable: true,
    })
  )
    record(patched, proto, name);
}

/** Replaces the getter and/or setter of `proto[name]` with ones made from the originals. */
export function patchAccessor(
  patched: Patched,
  proto: object | undefined,
  name: string,
  make: { get?: (original: Fn) => Fn; set?: (original: Fn) => Fn },
): void {
  const d = proto && getOwnPropertyDescriptor(proto, name);
  const original = {
    __proto__: null,
    get: d && (field(d, 'get') as Fn | undefined),
    set: d && (field(d, 'set') as Fn | undefined),
  };
  const wrap = {
    __proto__: null,
    get: field(make, 'get') as ((original: Fn) => Fn) | undefined,
    set: field(make, 'set') as ((original: Fn) => Fn) | undefined,
  };
  if (!proto || !d || (wrap.get && !original.get) || (wrap.set && !original.set)) return;
  const get = wrap.get && original.get ? wrap.get(original.get) : original.get;
  const set = wrap.set && original.set ? wrap.set(original.set) : original.set;
  if (define(proto, name, { get, set, enumerable: field(d, 'enumerable') === true, configurable: true }))
    record(patched, proto, name);
}

/** Makes every replaced property non-configurable (and a method non-writable). */
export function seal(patched: Patched): void {
  for (let i = 0; i < patched.length; i++) {
    const proto = patched[i]![0];
    const name = patched[i]![1];
    const d = getOwnPropertyDescriptor(proto, name);
    // Own members only: the extension may have put a `value` on Object.prototype by the time a new window is locked.
    if (d)
      define(
        proto,
        name,
        field(d, 'value') !== undefined || getOwnPropertyDescriptor(d, 'writable')
          ? { writable: false, configurable: false }
          : { configurable: false },
      );
  }
}
