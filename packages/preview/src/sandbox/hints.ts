// Resource hints leave a frame whatever connect-src says (docs/preview.md):
// Chromium acts on <link rel=preconnect> and <link rel=dns-prefetch>
// synchronously, as a link is connected or its rel changes (in shadow trees and
// shadow trees too), so a MutationObserver is too late. The guard strips the
// blocked tokens before the browser sees them: at every write that can set a
// link's rel, and on every node a parser made, before it is inserted anywhere
// (markup-nodes.ts). A nested frame a parser made (<iframe>, <frame>, <object>,
// <embed>) is removed: markup-nodes.ts refuses to make one with the DOM, so none
// exists in the frame (attempt.ts says why). Everything it calls was
// captured before the extension's code ran: the extension may patch any
// built-in (RegExp.prototype.exec, Array iterators, WeakMap methods) later.
import {
  BLOCKED_RELS,
  MAX_TARGET_LENGTH,
  NESTED_FRAME,
  NESTED_FRAME_ELEMENTS,
  SCRIPT_INTEGRITY,
  type BlockedRel,
  type RefusedMarkup,
  type SandboxAttempt,
} from './attempt.js';
import type { Fn } from './patch.js';

const { apply, defineProperty, getOwnPropertyDescriptor } = Reflect;
const XHTML = 'http://www.w3.org/1999/xhtml';
const SVG = 'http://www.w3.org/2000/svg';
const exec = RegExp.prototype.exec;
const toLower = String.prototype.toLowerCase;
const charCodeAt = String.prototype.charCodeAt;
const slice = String.prototype.slice;
const WeakMapOf = WeakMap;
const { get: wmGet, set: wmSet, delete: wmDelete } = WeakMap.prototype;

/** Markup that can make a link, a script or a nested frame (with any prefix, as XML's h:link); markup without this makes none. */
export const RISKY_MARKUP = /<[^\s/>]*(?:link|script|frame|object|embed)/i;
const FRAME_SELECTOR = `link, script, ${NESTED_FRAME_ELEMENTS.join(', ')}`;
const ORIGIN = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i;
const HOST = /:\/\/[^/?#]/;

export const matches = (re: RegExp, text: string): boolean => apply(exec, re, [text]) !== null;
export const lower = (text: string): string => apply(toLower, text, []);
const push = <T>(list: T[], value: T): void =>
  void defineProperty(list, list.length, {
    __proto__: null,
    value,
    writable: true,
    enumerable: true,
    configurable: true,
  } as PropertyDescriptor);

/** `rel` without its blocked tokens (ASCII whitespace-separated, ASCII case-insensitive, as browsers read it); `value` itself when it holds none. */
export function stripRel(value: string): { kept: string; blocked: BlockedRel[] } {
  const blocked: BlockedRel[] = [];
  let kept = '';
  let start = -1;
  for (let i = 0; i <= value.length; i++) {
    const c = i < value.length ? apply(charCodeAt, value, [i]) : 32;
    const space = c === 32 || c === 9 || c === 10 || c === 12 || c === 13;
    if (!space) {
      if (start < 0) start = i;
      continue;
    }
    if (start < 0) continue;
    const token = apply(slice, value, [start, i]);
    const rel = lower(token);
    start = -1;
    let hit = false;
    for (let j = 0; j < BLOCKED_RELS.length; j++)
      if (rel === BLOCKED_RELS[j]) {
        hit = true;
        push(blocked, BLOCKED_RELS[j]!);
      }
    if (!hit) kept = kept ? `${kept} ${token}` : token;
  }
  return { kept: blocked.length ? kept : value, blocked };
}

/** The lockdown's view of one window's DOM, through functions captured before the extension ran. */
export interface HintGuard {
  /** 'link' for an HTML link, 'script' for an HTML or SVG script, 'frame' for an HTML nested frame (NESTED_FRAME_ELEMENTS), else undefined (also for what is not a node). */
  kindOf(node: unknown): 'link' | 'script' | 'frame' | undefined;
  /** The value to write to attribute `name` of `element` instead of `value`. */
  clean(element: unknown, name: string, value: string): string;
  /** Reports the hints stripped from a link once its href names a host. */
  flush(link: unknown): void;
  /** Cleans a node a parser may have made, and everything under it (not template contents, which never connect); true when `node` itself was a nested frame. */
  sanitize(node: unknown): boolean;
  /** Reports markup or an element the lockdown refused. */
  refused(api: RefusedMarkup | typeof NESTED_FRAME): void;
}

export function hintGuard(win: Window, report: (attempt: SandboxAttempt) => void): HintGuard {
  const g = win as unknown as Record<string, { prototype: object } | undefined>;
  const own = (iface: string, name: string): PropertyDescriptor | undefined => {
    const proto = g[iface]?.prototype;
    return proto ? getOwnPropertyDescriptor(proto, name) : undefined;
  };
  const getter = (iface: string, name: string): Fn => own(iface, name)!.get as Fn;
  const method = (iface: string, name: string): Fn => own(iface, name)!.value as Fn;
  const nodeType = getter('Node', 'nodeType');
  const localName = getter('Element', 'localName');
  const namespaceURI = getter('Element', 'namespaceURI');
  const getAttribute = method('Element', 'getAttribute');
  const setAttribute = method('Element', 'setAttribute');
  const remove = method('Element', 'remove');
  // A hint's host, resolved against the frame's document (a link may come from an inert one, as template contents do).
  const doc = win.document;
  const baseURI = getter('Node', 'baseURI');
  const URLOf = (win as unknown as { URL: typeof URL }).URL;
  const urlHref = getOwnPropertyDescriptor(URLOf.prototype, 'href')!.get as Fn;
  const resolve = (raw: string): string => {
    try {
      return apply(urlHref, new URLOf(raw, apply(baseURI, doc, []) as string), []) as string;
    } catch {
      return raw;
    }
  };
  const listLength = getter('NodeList', 'length');
  const listItem = method('NodeList', 'item');
  const selectAll: Record<number, Fn | undefined> = {
    __proto__: null,
    1: method('Element', 'querySelectorAll'),
    9: method('Document', 'querySelectorAll'),
    11: method('DocumentFragment', 'querySelectorAll'),
  } as Record<number, Fn | undefined>;
  const firstElementChild: Record<number, Fn | undefined> = {
    __proto__: null,
    1: getter('Element', 'firstElementChild'),
    11: getter('DocumentFragment', 'firstElementChild'),
  } as Record<number, Fn | undefined>;
  /** Links whose blocked tokens were stripped before they had an href: reported once they have one. */
  const pending = new WeakMapOf<object, BlockedRel[]>();

  const typeOf = (node: unknown): number => {
    try {
      return apply(nodeType, node, []) as number;
    } catch {
      return 0; // not a node: the native call will say so
    }
  };
  const kindOf = (node: unknown): 'link' | 'script' | 'frame' | undefined => {
    if (typeOf(node) !== 1) return undefined;
    const ns = apply(namespaceURI, node, []);
    const name = apply(localName, node, []);
    if (name === 'script' && (ns === XHTML || ns === SVG)) return 'script';
    if (ns !== XHTML) return undefined;
    if (name === 'link') return 'link';
    for (let i = 0; i < NESTED_FRAME_ELEMENTS.length; i++) if (name === NESTED_FRAME_ELEMENTS[i]) return 'frame';
    return undefined;
  };
  /** The origin `raw` names when it names a host, cut to MAX_TARGET_LENGTH; else undefined. */
  const hostOf = (raw: string): string | undefined => {
    const origin = apply(exec, ORIGIN, [resolve(raw)]);
    return origin && matches(HOST, origin[0]) ? apply(slice, origin[0], [0, MAX_TARGET_LENGTH]) : undefined;
  };
  const flush = (link: unknown): void => {
    const tokens = apply(wmGet, pending, [link]) as BlockedRel[] | undefined;
    if (!tokens || kindOf(link) !== 'link') return;
    const raw = apply(getAttribute, link, ['href']) as string | null;
    if (!raw) return;
    const href = resolve(raw);
    apply(wmDelete, pending, [link]);
    const origin = apply(exec, ORIGIN, [href]);
    const target = apply(slice, origin ? origin[0] : href, [0, MAX_TARGET_LENGTH]);
    for (let i = 0; i < tokens.length; i++)
      report({ extkit: 'sandbox', protocol: 1, api: tokens[i]!, targets: [target] });
  };
  const cleanRel = (link: unknown, value: string): string => {
    const { kept, blocked } = stripRel(value);
    if (blocked.length) {
      apply(wmSet, pending, [link, blocked]);
      flush(link);
    }
    return kept;
  };
  /** An integrity on a script or link is dropped (a value naming an allowed hash lets an external script through); the host its element names is reported. */
  const dropIntegrity = (element: unknown): string => {
    let target: string | undefined;
    for (let i = 0; i < 3 && target === undefined; i++) {
      const raw = apply(getAttribute, element, [i === 0 ? 'src' : i === 1 ? 'href' : 'xlink:href']) as string | null;
      if (raw) target = hostOf(raw);
    }
    report({ extkit: 'sandbox', protocol: 1, api: SCRIPT_INTEGRITY, targets: target === undefined ? [] : [target] });
    return '';
  };
  const clean = (element: unknown, name: string, value: string): string => {
    if (name.length === 9) {
      const kind = lower(name) === 'integrity' ? kindOf(element) : undefined;
      return (kind === 'link' || kind === 'script') && value !== '' ? dropIntegrity(element) : value;
    }
    if (name.length !== 3) return value;
    return lower(name) === 'rel' && kindOf(element) === 'link' ? cleanRel(element, value) : value;
  };
  /** A nested frame a parser made leaves its tree before anyone holds it; the host its markup named is reported. */
  const dropFrame = (element: unknown): void => {
    let target: string | undefined;
    for (let i = 0; i < 2 && target === undefined; i++) {
      const raw = apply(getAttribute, element, [i ? 'data' : 'src']) as string | null;
      if (raw) target = hostOf(raw);
    }
    apply(remove, element, []);
    report({ extkit: 'sandbox', protocol: 1, api: NESTED_FRAME, targets: target === undefined ? [] : [target] });
  };
  const cleanElement = (element: unknown): void => {
    const kind = kindOf(element);
    if (kind === 'frame') return dropFrame(element);
    if (kind !== 'link' && kind !== 'script') return;
    const integrity = apply(getAttribute, element, ['integrity']) as string | null;
    if (integrity) apply(setAttribute, element, ['integrity', dropIntegrity(element)]);
    if (kind !== 'link') return;
    const value = apply(getAttribute, element, ['rel']) as string | null;
    if (value !== null) {
      const safe = cleanRel(element, value);
      if (safe !== value) apply(setAttribute, element, ['rel', safe]);
    }
    flush(element);
  };
  const sanitize = (node: unknown): boolean => {
    const type = typeOf(node);
    const select = selectAll[type];
    if (!select) return false;
    if (type === 1 && kindOf(node) === 'frame') return true;
    if (type === 1) cleanElement(node);
    if (type !== 9 && apply(firstElementChild[type]!, node, []) === null) return false; // a leaf: most insertions
    const list = apply(select, node, [FRAME_SELECTOR]);
    const n = apply(listLength, list, []) as number;
    for (let i = 0; i < n; i++) cleanElement(apply(listItem, list, [i]));
    return false;
  };
  const refused = (api: RefusedMarkup | typeof NESTED_FRAME): void =>
    report({ extkit: 'sandbox', protocol: 1, api, targets: [] });
  return { kindOf, clean, flush, sanitize, refused };
}
