// Runs first in every extension frame, before the extension's bundle: stops
// what Chromium does not hold to CSP's connect-src. WebRTC (a peer connection
// reaches any STUN/TURN server or peer it names, carrying data in its
// credentials and candidates): it replaces the WebRTC constructors in the
// frame's window and in every same-origin window the extension could create
// (iframes: about:blank, srcdoc, a blocked src), each as soon as it exists:
// after every DOM insertion, on every frame load, and whenever an iframe's
// window or document is read. Resource hints (<link rel=preconnect>,
// <link rel=dns-prefetch>): hints.ts, attributes.ts and markup.ts, in each of
// those windows too. Each attempt is reported to the host page.
// Workers cannot reach WebRTC (no RTCPeerConnection in workers, and the CSP
// lets no worker script load); popups are refused by the sandbox.
import { WEBRTC_APIS, iceTargets, type SandboxAttempt, type WebRtcApi } from './attempt.js';
import { lockAttributes } from './attributes.js';
import { hintGuard } from './hints.js';
import { lockMarkup } from './markup.js';
import { patchAccessor, patchMethod, seal, type Fn, type Patched } from './patch.js';

// Captured before the extension runs, so that patching them later changes nothing here.
const { apply, defineProperty, getOwnPropertyDescriptor } = Reflect;

/** DOM methods that can connect an iframe to a document, by interface. */
const INSERTERS: Record<string, string[]> = {
  Node: ['appendChild', 'insertBefore', 'replaceChild'],
  Element: ['append', 'prepend', 'before', 'after', 'replaceWith', 'replaceChildren', 'insertAdjacentElement', 'insertAdjacentHTML', 'setHTMLUnsafe', 'moveBefore'],
  CharacterData: ['before', 'after', 'replaceWith'],
  DocumentType: ['before', 'after', 'replaceWith'],
  DocumentFragment: ['append', 'prepend', 'replaceChildren', 'moveBefore'],
  ShadowRoot: ['setHTMLUnsafe'],
  Document: ['append', 'prepend', 'replaceChildren', 'write', 'writeln', 'open', 'execCommand', 'moveBefore'],
  Range: ['insertNode', 'surroundContents'],
};
/** Setters that can do the same. */
const INSERTING_SETTERS: Record<string, string[]> = {
  Element: ['innerHTML', 'outerHTML'],
  ShadowRoot: ['innerHTML'],
  Document: ['body'],
  HTMLIFrameElement: ['src', 'srcdoc'],
};
/** Getters that hand out a child window or document. */
const WINDOW_GETTERS: Record<string, string[]> = {
  HTMLIFrameElement: ['contentWindow', 'contentDocument'],
  HTMLFrameElement: ['contentWindow', 'contentDocument'],
  HTMLObjectElement: ['contentWindow', 'contentDocument'],
  HTMLEmbedElement: ['getSVGDocument'],
};

/** Installs the lockdown in `top` (the extension frame's window); `report` tells the host page of an attempt. */
export function lockdown(top: Window, report: (attempt: SandboxAttempt) => void): void {
  const locked = new WeakSet<Window>();
  const lengthOf = new WeakMap<Window, () => number>();

  const stub = (win: Window, api: WebRtcApi): Fn => {
    const DOMExceptionOf = (win as unknown as { DOMException: typeof DOMException }).DOMException;
    const blocked = function (this: unknown, config?: unknown): never {
      report({ extkit: 'sandbox', protocol: 1, api, targets: iceTargets(config) });
      throw new DOMExceptionOf(`${api} is not available to extensions: the sandbox stops WebRTC, which connect-src (capabilities.network) cannot govern.`, 'NotAllowedError');
    };
    defineProperty(blocked, 'name', { __proto__: null, value: api } as PropertyDescriptor);
    return blocked as Fn;
  };

  /** Every same-origin window under `win`, each locked; cross-origin ones (an error page) are skipped. */
  const lockTree = (win: Window): void => {
    const length = lengthOf.get(win);
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
    if (locked.has(win)) return;
    locked.add(win);
    const lengthGetter = getOwnPropertyDescriptor(win, 'length')?.get;
    if (lengthGetter) lengthOf.set(win, () => apply(lengthGetter, win, []) as number);
    const g = win as unknown as Record<string, { prototype: object } | undefined>;
    for (const api of WEBRTC_APIS) {
      if (api in win) defineProperty(win, api, { __proto__: null, value: stub(win, api), writable: false, enumerable: false, configurable: false } as PropertyDescriptor);
    }
    // The hint guard's replacements first: the relock below wraps them, running after them.
    const patched: Patched = [];
    const guard = hintGuard(win, report);
    lockAttributes(win, guard, patched);
    lockMarkup(win, guard, patched);
    for (const [iface, names] of Object.entries(INSERTERS)) {
      const proto = g[iface]?.prototype;
      for (const name of names) wrapMethod(patched, proto, name, relock);
    }
    for (const [iface, names] of Object.entries(INSERTING_SETTERS)) {
      const proto = g[iface]?.prototype;
      for (const name of names) wrapSetter(patched, proto, name, relock);
    }
    for (const [iface, names] of Object.entries(WINDOW_GETTERS)) {
      const proto = g[iface]?.prototype;
      for (const name of names) wrapGetter(patched, proto, name, relock);
    }
    // A frame that navigates (to about:blank, srcdoc, or a refused URL) gets a
    // new window; its load event reaches the document's capture phase before
    // anything the extension registers on the element.
    const capture = { __proto__: null, capture: true } as AddEventListenerOptions;
    const doc = win.document;
    const onLoad = (): void => relock();
    doc.addEventListener('load', onLoad, capture);
    // document.open() erases the document's listeners: put ours back.
    wrapMethod(patched, g['Document']?.prototype, 'open', () => doc.addEventListener('load', onLoad, capture));
    seal(patched);
  };

  lock(top);
}

/** Replaces `proto[name]` with a function that calls it, then `after`. Same name, same length. */
function wrapMethod(patched: Patched, proto: object | undefined, name: string, after: () => void): void {
  patchMethod(patched, proto, name, (original) =>
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
    patchMethod(patched, proto, name, (original) =>
      function (this: unknown, ...args: unknown[]): unknown {
        before();
        return apply(original, this, args);
      },
    );
  }
}
