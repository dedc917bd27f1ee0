// How big a value is on the bridge, measured in the frame before it is sent,
// so a hostile value costs its host nothing. The value is cloned first (the
// browser's own structured clone, as postMessage would) and the clone is what
// is measured and sent: a getter or a proxy runs once, during the clone, and
// cannot show the measure one value and postMessage another. The clone holds
// only plain data, walked with built-ins captured when the measurer is made,
// before the extension's code runs. A type the walk cannot size is refused.

/** The value to send (the clone) and its size, or why it cannot be sent. */
export type Measured = { ok: true; value: unknown; bytes: number } | { ok: false; why: string };

type Clone = (value: unknown) => unknown;
type Fn = (this: unknown, ...args: unknown[]) => unknown;

/** Bytes counted for a value with no length of its own (a number, a boolean, a slot in an object). */
const SLOT = 8;

/**
 * Makes the measurer: `clone` is the realm's structuredClone. Call it before
 * untrusted code runs; the measurer stops walking once `limit` is passed.
 */
export function measurer(clone: Clone): (value: unknown, limit: number) => Measured {
  const { apply, getPrototypeOf, ownKeys, getOwnPropertyDescriptor: describe } = Reflect;
  const isArray = Array.isArray;
  const max = Math.max;
  const getter = (p: object, name: string): Fn => describe(p, name)!.get as Fn;
  const method = (p: object, name: string): Fn => describe(p, name)!.value as Fn;
  // The clone's prototypes, from the clone's own realm, however the extension later replaces the globals: one clone of
  // a sample of each type. The errors are made without a stack: cloning one carries its stack, which cost 4 to 7 ms
  // in a new Chromium frame (measured in Chromium 156; a stack-less one is free), on every load of every frame.
  const ERROR_TYPES = [Error, EvalError, RangeError, ReferenceError, SyntaxError, TypeError, URIError];
  const limits = Error as unknown as { stackTraceLimit?: unknown };
  const limit = limits.stackTraceLimit;
  let errors: Error[];
  try {
    if (typeof limit === 'number') limits.stackTraceLimit = 0;
    errors = ERROR_TYPES.map((E) => new E('x'));
  } finally {
    if (typeof limit === 'number') limits.stackTraceLimit = limit;
  }
  const cloned = clone([{}, [], new Map(), new Set(), new Date(0), /x/, new ArrayBuffer(1), ...errors]) as object[];
  const proto = (i: number): object => getPrototypeOf(cloned[i]!)!;
  const OBJECT = proto(0);
  const ARRAY = proto(1);
  const MAP = proto(2);
  const SET = proto(3);
  const DATE = proto(4);
  const REGEXP = proto(5);
  const BUFFER = proto(6);
  const ERRORS = ERROR_TYPES.map((_, i) => proto(7 + i));
  const mapForEach = method(MAP, 'forEach');
  const setForEach = method(SET, 'forEach');
  const regexpSource = getter(REGEXP, 'source');
  const bufferLength = getter(BUFFER, 'byteLength');
  // A view (a typed array, a DataView) is cloned with the whole buffer it looks into, so it weighs that buffer.
  const views = [
    getter(getPrototypeOf(Uint8Array.prototype) as object, 'buffer'),
    getter(DataView.prototype, 'buffer'),
  ];
  const blob = typeof Blob === 'function' ? getter(Blob.prototype, 'size') : undefined;
  const wrappers = [String, Number, Boolean, BigInt].map((W) => method(W.prototype, 'valueOf'));
  const toTag = method(Object.prototype, 'toString');
  const setHas = method(Set.prototype, 'has');
  const setAdd = method(Set.prototype, 'add');
  const SetOf = Set;
  const StringOf = String;
  const isError = (p: unknown): boolean => {
    for (let i = 0; i < ERRORS.length; i++) if (ERRORS[i] === p) return true;
    return false;
  };

  /** A brand check: `fn` (a getter or valueOf of a built-in) works on `x` only when `x` is of that type. */
  const brand = (fn: Fn, x: object): unknown => {
    try {
      return apply(fn, x, []);
    } catch {
      return undefined;
    }
  };

  /** The first of `fns` that brands `x`, with its result. */
  const firstBrand = (fns: Fn[], x: object): unknown => {
    for (let i = 0; i < fns.length; i++) {
      const v = brand(fns[i]!, x);
      if (v !== undefined) return v;
    }
    return undefined;
  };
  const sizes = [bufferLength, ...(blob ? [blob] : [])];
  /** The bytes a clone of `x` carries when it is a buffer, a blob, or a view (its whole buffer). */
  const carried = (x: object): unknown => firstBrand(sizes, (firstBrand(views, x) as object | undefined) ?? x);

  return (value, limit) => {
    // A string, a buffer or a view on one over the limit is known from its length: refused without the cost of copying it.
    const known =
      typeof value === 'string'
        ? value.length
        : typeof value === 'object' && value !== null
          ? carried(value)
          : undefined;
    if (typeof known === 'number' && known > limit) return { ok: true, value: undefined, bytes: known };
    let copy: unknown;
    try {
      copy = clone(value);
    } catch (err) {
      return { ok: false, why: `it cannot be copied (${reason(err)})` };
    }
    let bytes = 0;
    const seen = new SetOf<object>();
    // A stack of our own: no recursion for a deep value, and no prototype, so no setter the extension puts on
    // Array.prototype or Object.prototype (an index) sees or swallows what is pushed.
    const todo = { __proto__: null, 0: copy } as unknown as Record<number, unknown>;
    let n = 1;
    const push = (x: unknown): void => void (todo[n++] = x);
    while (n && bytes <= limit) {
      const x = todo[--n];
      todo[n] = undefined;
      if (typeof x === 'string') bytes += x.length + 4;
      else if (typeof x === 'bigint') bytes += StringOf(x).length + 4;
      else if (typeof x !== 'object' || x === null) bytes += SLOT;
      else if (!apply(setHas, seen, [x])) {
        apply(setAdd, seen, [x]);
        bytes += SLOT;
        const p = getPrototypeOf(x);
        if (p === OBJECT || p === ARRAY || isArray(x) || isError(p)) {
          const keys = ownKeys(x);
          // A hole is a place like any other for whoever reads the array (JSON writes each): [] with length 1e9 is not 20 bytes.
          if (isArray(x)) bytes += max(0, (x as unknown[]).length - keys.length) * SLOT;
          for (let i = 0; i < keys.length; i++) {
            const key = keys[i]!;
            const d = describe(x, key)!;
            if (typeof key === 'string') bytes += key.length + 4;
            if ('value' in d) push(d.value);
          }
        } else if (p === MAP) apply(mapForEach, x, [(v: unknown, k: unknown) => (push(k), push(v))]);
        else if (p === SET) apply(setForEach, x, [(v: unknown) => push(v)]);
        else if (p === DATE) bytes += SLOT;
        else if (p === REGEXP) bytes += (brand(regexpSource, x) as string).length;
        else {
          const buffer = firstBrand(views, x) as object | undefined;
          const size = buffer === undefined ? firstBrand(sizes, x) : undefined;
          // The views of one buffer share it in the clone, as the buffer itself does: it is counted once.
          if (buffer !== undefined) {
            if (!apply(setHas, seen, [buffer])) {
              apply(setAdd, seen, [buffer]);
              bytes += brand(bufferLength, buffer) as number;
            }
          } else if (typeof size === 'number') bytes += size;
          else {
            const wrapped = firstBrand(wrappers, x);
            if (wrapped === undefined)
              return { ok: false, why: `it holds ${typeName(x)}, which the bridge does not carry` };
            push(wrapped);
          }
        }
      }
    }
    return { ok: true, value: copy, bytes };
  };

  /** "a ImageData" and the like, for the error; the tag is only words, so a spoofed one misleads no check. */
  function typeName(x: object): string {
    try {
      return `a ${StringOf(apply(toTag, x, [])).slice(8, -1)}`;
    } catch {
      return 'a value of another type';
    }
  }
}

/** An error's message, for a report: never throws, whatever was thrown or patched. */
export function reason(err: unknown): string {
  try {
    return err instanceof Error ? err.message : String(err);
  } catch {
    return 'unknown error';
  }
}
