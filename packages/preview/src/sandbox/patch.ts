// How the lockdown replaces a DOM method or accessor: each replacement is made
// configurable first, so that several parts of the lockdown can wrap the same
// property in turn, and sealed (non-configurable, non-writable) once a window's
// lockdown is complete, so the extension can neither delete nor replace it.

// Captured before the extension runs, so that patching them later changes nothing here.
const { defineProperty, getOwnPropertyDescriptor } = Reflect;

export type Fn = (this: any, ...args: any[]) => any;
/** What one window's lockdown replaced, to be sealed at its end. */
export type Patched = Array<[object, PropertyKey]>;

const define = (proto: object, name: PropertyKey, d: PropertyDescriptor): boolean =>
  defineProperty(proto, name, { __proto__: null, ...d } as PropertyDescriptor);

const record = (patched: Patched, proto: object, name: PropertyKey): void => {
  define(patched, patched.length, { value: [proto, name], writable: true, enumerable: true, configurable: true });
};

/** Replaces `proto[name]` with `make(original)`, keeping its name. */
export function patchMethod(patched: Patched, proto: object | undefined, name: string, make: (original: Fn) => Fn): void {
  const d = proto && getOwnPropertyDescriptor(proto, name);
  if (!proto || !d || typeof d.value !== 'function') return;
  const wrapped = make(d.value as Fn);
  define(wrapped, 'name', { value: name });
  if (define(proto, name, { value: wrapped, writable: true, enumerable: d.enumerable, configurable: true })) record(patched, proto, name);
}

/** Replaces the getter and/or setter of `proto[name]` with ones made from the originals. */
export function patchAccessor(
  patched: Patched,
  proto: object | undefined,
  name: string,
  make: { get?: (original: Fn) => Fn; set?: (original: Fn) => Fn },
): void {
  const d = proto && getOwnPropertyDescriptor(proto, name);
  if (!proto || !d || (make.get && !d.get) || (make.set && !d.set)) return;
  const get = make.get && d.get ? make.get(d.get as Fn) : d.get;
  const set = make.set && d.set ? make.set(d.set as Fn) : d.set;
  if (define(proto, name, { get, set, enumerable: d.enumerable, configurable: true })) record(patched, proto, name);
}

/** Makes every replaced property non-configurable (and a method non-writable). */
export function seal(patched: Patched): void {
  for (let i = 0; i < patched.length; i++) {
    const proto = patched[i]![0];
    const name = patched[i]![1];
    const d = getOwnPropertyDescriptor(proto, name);
    if (d) define(proto, name, 'value' in d ? { writable: false, configurable: false } : { configurable: false });
  }
}
