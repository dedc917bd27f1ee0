// Runs first in every extension frame, before the extension's bundle: stops
// what Chromium does not hold to CSP. Nested frames (<iframe>, <frame>,
// <object>, <embed>: Chromium resolves and connects to any host one is sent
// to before frame-src refuses it) are refused wherever they would be made
// (markup-nodes.ts, hints.ts), so the frame has no child window. WebRTC (a peer
// connection reaches any STUN/TURN server or peer it names, carrying data in
// its credentials and candidates): it replaces the WebRTC constructors in the
// frame's window and, as a second line should a child window appear anyway, in
// every same-origin window under it, each as soon as it exists: after every DOM
// insertion, on every frame load, and whenever a frame's window or document is
// read. Resource hints (<link rel=preconnect>, <link rel=dns-prefetch>):
// hints.ts, attributes.ts and markup.ts, in each of those windows too. Each
// attempt is reported to the host page.
// Workers cannot reach WebRTC (no RTCPeerConnection in workers, and the CSP
// lets no worker script load), and are refused and reported (workers.ts);
// popups are refused by the sandbox.
import { WEBRTC_APIS, iceTargets, type SandboxAttempt, type WebRtcApi } from './attempt.js';
import { lockAttributes } from './attributes.js';
import { hintGuard } from './hints.js';
import { lockMarkup } from './markup.js';
import { lockNavigation } from './navigation.js';
import { eachMember, patchAccessor, patchMethod, seal, type Fn, type Members, type Patched } from './patch.js';
import { watchRefusals } from './refusals.js';
import { lockWorkers } from './workers.js';

// Captured before the extension runs, so that patching them later changes nothing here.
// Windows locked after the extension ran (an iframe it made) are locked with these too, so no
// iteration protocol, Object.entries or collection method is looked up at call time.
const { apply, defineProperty, getOwnPropertyDescriptor } = Reflect;
const WeakMapOf = WeakMap;
const WeakSetOf = WeakSet;
const { get: wmGet, set: wmSet } = WeakMap.prototype;
const { has: wsHas, add: wsAdd } = WeakSet.prototype;

/** DOM methods that can connect an iframe to a document, by interface. */
const INSERTERS: Members = [
  ['Node', ['appendChild', 'insertBefore', 'replaceChild']],
  [
    'Element',
    [
      'append',
      'prepend',
      'before',
      'after',
      'replaceWith',
      'replaceChildren',
      'insertAdjacentElement',
      'insertAdjacentHTML',
      'setHTMLUnsafe',
      'moveBefore',
    ],
  ],
  ['CharacterData', ['before', 'after', 'replaceWith']],
  ['DocumentType', ['before', 'after', 'replaceWith']],
  ['DocumentFragment', ['append', 'prepend', 'replaceChildren', 'moveBefore']],
  ['ShadowRoot', ['setHTMLUnsafe']],
  ['Document', ['append', 'prepend', 'replaceChildren', 'write', 'writeln', 'open', 'execCommand', 'moveBefore']],
  ['Range', ['insertNode', 'surroundContents']],
  ['HTMLSelectElement', ['add']],
  ['HTMLOptionsCollection', ['add']],
];
/** Setters that can do the same. */
const INSERTING_SETTERS: Members = [
  ['Element', ['innerHTML', 'outerHTML']],
  ['ShadowRoot', ['innerHTML']],
  ['Document', ['body']],
  ['HTMLIFrameElement', ['src', 'srcdoc']],
];
/** Getters that hand out a child window or document. */
const WINDOW_GETTERS: Members = [
  ['HTMLIFrameElement', ['contentWindow', 'contentDocument']],
  ['HTMLFrameElement', ['contentWindow', 'contentDocument']],
  ['HTMLObjectElement', ['contentWindow', 'contentDocument']],
  ['HTMLEmbedElement', ['getSVGDocument']],
];

/** Installs the lockdown in `top` (the extension frame's window); `report` tells the host page of an attempt. */
export function lockdown(top: Window, report: (attempt: SandboxAttempt) => void): void {
  // Keyed by document: a frame that navigates keeps its WindowProxy (the same object) but gets a new window, to be locked anew.
  const locked = new WeakSetOf<Document>();
  const lengthOf = new WeakMapOf<Document, () => number>();

  const stub = (win: Window, api: WebRtcApi): Fn => {
    const DOMExceptionOf = (win as unknown as { DOMException: typeof DOMException }).DOMException;
    const blocked = function (this: unknown, config?: unknown): never {
      report({ extkit: 'sandbox', protocol: 1, api, targets: iceTargets(config) });
      throw new DOMExceptionOf(
        `${api} is not available to extensions: the sandbox stops WebRTC, which connect-src (capabilities.network) cannot govern.`,
        'NotAllowedError',
      );
    };
    defineProperty(blocked, 'name', { __proto__: null, value: api } as PropertyDescriptor);
    return blocked;
  };

  /** Every same-origin window under `win`, each locked; cross-origin ones (an error page) are skipped. */
  const lockTree = (win: Window): void => {
    const length = apply(wmGet, lengthOf, [win.document]) as (() => number) | undefined;
    const n = length ? length() : 0;
    for (let i = 0; i < n; i++) {
      let child: Window | undefined;
      try {
        child = (win as unknown as Record<number, Window>)[i];
        if (!child || !child.document) continue; // reading .document throws across origins
      } catch {
        continue;
      }
      lock(child);
      lockTree(child);
    }
  };
  const relock = (): void => lockTree(top);

  const lock = (win: Window): void => {
    const doc = win.document;
    if (apply(wsHas, locked, [doc])) return;
    apply(wsAdd, locked, [doc]);
    const lengthGetter = getOwnPropertyDescriptor(win, 'length')?.get;
    if (lengthGetter) apply(wmSet, lengthOf, [doc, () => apply(lengthGetter, win, [])]);
    const g = win as unknown as Record<string, { prototype: object } | undefined>;
    for (let i = 0; i < WEBRTC_APIS.length; i++) {
      const api = WEBRTC_APIS[i]!;
      if (api in win)
        defineProperty(win, api, {
          __proto__: null,
          value: stub(win, api),
          writable: false,
          enumerable: false,
          configurable: false,
        } as PropertyDescriptor);
    }
    // The hint guard's replacements first: the relock below wraps them, running after them.
    const patched: Patched = [];
    lockWorkers(win, report, patched);
    const guard = hintGuard(win, report);
    lockAttributes(win, guard, patched);
    // Before lockMarkup: its check of written markup runs first, then this one's of the write itself.
    lockNavigation(win, report, patched);
    watchRefusals(win, report, patched);
    lockMarkup(win, guard, patched);
    eachMember(win, INSERTERS, (proto, name) => wrapMethod(patched, proto, name, relock));
    eachMember(win, INSERTING_SETTERS, (proto, name) => wrapSetter(patched, proto, name, relock));
    eachMember(win, WINDOW_GETTERS, (proto, name) => wrapGetter(patched, proto, name, relock));
    // A frame that navigates (to about:blank, srcdoc, or a refused URL) gets a
    // new window; its load event reaches the document's capture phase before
    // anything the extension registers on the element.
    const capture = { __proto__: null, capture: true } as AddEventListenerOptions;
    const onLoad = (): void => relock();
    doc.addEventListener('load', onLoad, capture);
    // document.open() erases the document's listeners: put ours back.
    wrapMethod(patched, g['Document']?.prototype, 'open', () => doc.addEventListener('load', onLoad, capture));
    seal(patched);
  };

  lock(top);
  relock(); // a child the document already holds
}

/** Replaces `proto[name]` with a function that calls it, then `after`. Same name, same length. */
function wrapMethod(patched: Patched, proto: object | undefined, name: string, after: () => void): void {
  patchMethod(
    patched,
    proto,
    name,
    (original) =>
      function (this: unknown, ...args: unknown[]): unknown {
        try {
          return apply(original, this, args);
        } finally {
          after();
        }
      },
  );
}

function wrapSetter(patched: Patched, proto: object | undefined, name: string, after: () => void): void {
  patchAccessor(patched, proto, name, {
    set: (set) =>
      function (this: unknown, value: unknown) {
        try {
          apply(set, this, [value]);
        } finally {
          after();
        }
      },
  });
}

/** Replaces a getter (or a method such as getSVGDocument) so that the window it hands out is locked first. */
function wrapGetter(patched: Patched, proto: object | undefined, name: string, before: () => void): void {
  const d = proto && getOwnPropertyDescriptor(proto, name);
  if (!proto || !d) return;
  if (d.get) {
    patchAccessor(patched, proto, name, {
      get: (get) =>
        function (this: unknown) {
          before();
          return apply(get, this, []);
        },
    });
  } else if (typeof d.value === 'function') {
    patchMethod(
      patched,
      proto,
      name,
      (original) =>
        function (this: unknown, ...args: unknown[]): unknown {
          before();
          return apply(original, this, args);
        },
    );
  }
}
