// A tiny element builder for the host page: h('div', { class: 'x' }, 'text', child).
type Attrs = Record<string, string | number | boolean | EventListener | undefined>;
export type Child = Node | string | number | null | undefined | false;

export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Attrs = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value === undefined || value === false) continue;
    if (typeof value === 'function') el.addEventListener(name.replace(/^on/, ''), value);
    else if (value === true) el.setAttribute(name, '');
    else el.setAttribute(name, String(value));
  }
  append(el, children);
  return el;
}

export function append(el: Element, children: Child[]): void {
  for (const c of children)
    if (c !== null && c !== undefined && c !== false) el.append(typeof c === 'number' ? String(c) : c);
}

/** Replaces an element's children. */
export function fill(el: Element, ...children: Child[]): void {
  el.replaceChildren();
  append(el, children);
}

export const time = (d = new Date()): string => d.toTimeString().slice(0, 8);

/** How much of a value `show` writes unless told: a log line's worth. */
export const SHOW_LIMIT = 2000;
const slice = Array.prototype.slice;

/**
 * A value for display, at most `limit` characters: strings as they are, everything else as compact JSON (its first
 * `limit` characters; a BigInt as its digits). What it shows comes from a frame: bounded on the bridge, but a value
 * that holds one object many times (each level of 40 holding the one below twice: 1 KB on the bridge, 2^40 leaves in
 * JSON) kept JSON.stringify, and String after it, busy for hours on the host page's thread. So the walk stops once
 * `limit` characters are written: each value it passes counts no more than it writes, and an array is cut to what fits.
 */
export function show(v: unknown, limit = SHOW_LIMIT): string {
  if (typeof v === 'string') return v.length > limit ? v.slice(0, limit) : v;
  if (v === undefined) return '';
  if (typeof v === 'bigint') return String(v);
  let left = limit;
  try {
    const text = JSON.stringify(v, function (this: unknown, key: string, value: unknown): unknown {
      if (left <= 0) return undefined;
      const inArray = Array.isArray(this);
      if (typeof value === 'bigint') value = String(value);
      if (value !== undefined || inArray)
        left -= (inArray ? 0 : key.length) + (typeof value === 'string' ? value.length : 1);
      return Array.isArray(value) && value.length > left ? slice.call(value, 0, Math.max(0, left) + 1) : value;
    }) as string | undefined;
    return text === undefined ? '' : text.slice(0, limit);
  } catch (err) {
    return `(not shown: ${err instanceof Error ? err.message : 'JSON cannot write it'})`.slice(0, limit);
  }
}
