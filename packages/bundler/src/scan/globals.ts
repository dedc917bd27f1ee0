// The scan context's whole global beyond ECMAScript: what a frame has that needs
// neither a DOM nor a network, so that code probing for it finds it as in the frame:
// a console that prints nothing; timers, animation frames and idle callbacks on a
// virtual clock (frames every 16 ms), driven to completion within the time limit;
// queueMicrotask; performance.now() on that clock; `window` and `self` as the global,
// with addEventListener (DOMContentLoaded and load fire once; nothing else comes).
// No DOM, no fetch, no require, no process. This is source text evaluated *inside* the fresh context, so everything
// it creates belongs to that realm and no host object leaks in. (Text, not a
// stringified function: transpilers add helpers such as __name to functions.)

/** JavaScript that installs the scan globals and `__extkitScan` in the context it runs in. */
export const SCAN_GLOBALS_SOURCE = String.raw`(() => {
  'use strict';
  const g = globalThis;
  const timers = [];
  let seq = 0;
  let now = 0;
  const noop = () => {};
  const schedule = (fn, ms, args, repeat) => {
    const delay = Math.max(0, Number(ms) || 0);
    timers.push({ id: ++seq, at: now + delay, every: repeat ? Math.max(1, delay) : 0, fn, args });
    return seq;
  };
  const clear = (id) => {
    const i = timers.findIndex((t) => t.id === id);
    if (i >= 0) timers.splice(i, 1);
  };
  g.console = Object.freeze({ log: noop, info: noop, warn: noop, error: noop, debug: noop, trace: noop, dir: noop, table: noop });
  g.setTimeout = (fn, ms, ...args) => schedule(fn, ms, args, false);
  g.setInterval = (fn, ms, ...args) => schedule(fn, ms, args, true);
  g.clearTimeout = clear;
  g.clearInterval = clear;
  g.queueMicrotask = (fn) => void Promise.resolve().then(fn);
  // An animation frame is a timer due at the next 16 ms boundary, called with the frame's time.
  g.requestAnimationFrame = (fn) => {
    const at = (Math.floor(now / 16) + 1) * 16;
    return schedule(() => fn(at), at - now, [], false);
  };
  g.cancelAnimationFrame = clear;
  g.requestIdleCallback = (fn) => schedule(() => fn(Object.freeze({ didTimeout: false, timeRemaining: () => 50 })), 1, [], false);
  g.cancelIdleCallback = clear;
  g.performance = Object.freeze({ now: () => now, timeOrigin: 0 });
  // The window's own events, as a frame has them: listeners to DOMContentLoaded and load run once, as the
  // document would fire them after the bundle; other events never come (nothing is drawn, clicked or resized).
  const fired = { __proto__: null, DOMContentLoaded: true, load: true };
  const listening = [];
  g.addEventListener = (type, fn) => {
    if (!fired[String(type)] || (typeof fn !== 'function' && !(fn && typeof fn.handleEvent === 'function'))) return;
    const event = Object.freeze({ type: String(type), target: g, currentTarget: g, isTrusted: true });
    const id = schedule(() => (typeof fn === 'function' ? fn.call(g, event) : fn.handleEvent(event)), 0, [], false);
    listening.push({ type: String(type), fn, id });
  };
  g.removeEventListener = (type, fn) => {
    const i = listening.findIndex((l) => l.type === String(type) && l.fn === fn);
    if (i >= 0) clear(listening.splice(i, 1)[0].id);
  };
  g.dispatchEvent = () => true;
  g.window = g;
  g.self = g;
  // What the bundle registered at any point: read after its load and after every timer, with built-ins
  // captured before it ran, so that a bundle that empties the registry later, or replaces Array.prototype.map,
  // JSON.stringify or String, cannot hide a registration from the scan.
  const { apply, defineProperty } = Reflect;
  const { isArray } = Array;
  const StringOf = String;
  const stringify = JSON.stringify;
  const seen = new Map();
  const { has: seenHas, set: seenSet } = Map.prototype;
  const REGISTRY = Symbol.for('extkit.registry');
  const found = [];
  const snapshot = () => {
    const r = g[REGISTRY];
    const list = r && isArray(r.registrations) ? r.registrations : null;
    if (!list) return;
    for (let i = 0; i < list.length && found.length < 10000; i++) {
      const x = list[i];
      const key = stringify(StringOf(x && x.kind)) + ',' + stringify(StringOf(x && x.id));
      if (apply(seenHas, seen, [key])) continue;
      apply(seenSet, seen, [key, true]);
      defineProperty(found, found.length, { __proto__: null, value: key, writable: true, enumerable: true, configurable: true });
    }
  };
  const scan = {
    // Runs the earliest due timer; false when none is left. The host calls it once
    // per evaluation so that the promise jobs a timer queues run before the next timer.
    next() {
      snapshot();
      if (timers.length === 0) return false;
      let first = 0;
      for (let i = 1; i < timers.length; i++) if (timers[i].at < timers[first].at) first = i;
      const t = timers[first];
      now = t.at;
      if (t.every) t.at += t.every;
      else timers.splice(first, 1);
      if (typeof t.fn === 'function') t.fn(...t.args);
      return true;
    },
    describe(e) {
      try {
        if (e && typeof e === 'object' && typeof e.stack === 'string' && e.stack) return e.stack;
        return String(e);
      } catch {
        return 'a value that cannot be shown';
      }
    },
    registrations() {
      snapshot();
      let out = '';
      for (let i = 0; i < found.length; i++) out += (i ? ',[' : '[') + found[i] + ']';
      return '[' + out + ']';
    },
  };
  Object.defineProperty(g, '__extkitScan', { value: Object.freeze(scan), enumerable: false });
})();`;
