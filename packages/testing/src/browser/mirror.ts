// The test page's copy of the extension frame's DOM (browser run). The frame is cross-origin to the
// test page (sandbox="allow-scripts" gives it an opaque origin), so its document cannot be read;
// the frame sends its tree (frame-mirror.ts) and this keeps a live copy in a frame of the test
// page's own origin with scripts off and a policy that loads nothing (sandbox="allow-same-origin",
// default-src 'none'): queries, testing-library's within() and getComputedStyle work on it, and
// nothing in it runs or loads. Each node keeps its identity across updates. An event the test
// dispatches on a copy, and requestSubmit/submit/reset/focus/blur called on one, are played on the
// frame's node instead; the copy's own default action (a link, a submission) never happens.
import {
  MIRRORED_CALLS,
  PLAYED_EVENTS,
  type ControlState,
  type FrameReport,
  type MirrorNode,
  type TestMessage,
} from './protocol.js';

const INIT_KEYS = [
  'bubbles',
  'cancelable',
  'composed',
  'detail',
  'screenX',
  'screenY',
  'clientX',
  'clientY',
  'ctrlKey',
  'shiftKey',
  'altKey',
  'metaKey',
  'button',
  'buttons',
  'key',
  'code',
  'location',
  'repeat',
  'isComposing',
  'data',
  'inputType',
  'deltaX',
  'deltaY',
  'deltaMode',
  'pointerId',
  'pointerType',
  'isPrimary',
] as const;

export interface Mirror {
  /** The copy of the mount's root: the same element from the first tree on. */
  readonly root: HTMLElement;
  /** Applies a report from the frame; true when it was the `synced` answer to `n`. */
  receive(report: FrameReport): void;
  /** Connects the frame's port: what the test does on the copy is played there from now on. */
  connect(port: MessagePort): void;
  /** Resolves once the frame has handled everything sent before, and its tree since is applied. */
  sync(): Promise<void>;
  remove(): void;
}

/** Makes the mirror frame in `host` (the test page's body) and its root, synchronously. */
export function createMirror(host: HTMLElement, label: string): Mirror {
  const frame = document.createElement('iframe');
  frame.setAttribute('sandbox', 'allow-same-origin');
  frame.setAttribute('aria-hidden', 'true');
  frame.title = `${label} (the test's copy of the frame's document)`;
  frame.style.display = 'none';
  host.append(frame);
  const doc = frame.contentDocument!;
  const policy = doc.createElement('meta');
  policy.httpEquiv = 'Content-Security-Policy';
  policy.content = "default-src 'none'; form-action 'none'; base-uri 'none'";
  doc.head.append(policy);
  const root = doc.createElement('div');
  doc.body.append(root);

  const nodes = new Map<number, Node>();
  const known = new WeakMap<Node, number>();
  const sent = new WeakMap<Node, { value?: string; checked?: boolean }>();
  let port: MessagePort | undefined;
  const outbox: TestMessage[] = [];
  let syncs = 0;
  const waiting = new Map<number, () => void>();

  const send = (m: TestMessage): void => {
    if (port) port.postMessage(m);
    else outbox.push(m);
  };
  /** The controls whose value or checked the test changed on the copy since the frame last said. */
  const changedState = (): ControlState[] => {
    const out: ControlState[] = [];
    for (const el of doc.querySelectorAll<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>(
      'input, textarea, select',
    )) {
      const id = known.get(el);
      const was = sent.get(el);
      if (id === undefined || !was) continue;
      const checked = el instanceof HTMLInputElement ? el.checked : undefined;
      if (el.value !== was.value || checked !== was.checked) out.push([id, el.value, checked]);
    }
    return out;
  };

  const build = (m: MirrorNode, existing: Node | undefined): Node => {
    if ('x' in m) {
      const text = existing?.nodeType === Node.TEXT_NODE ? (existing as Text) : doc.createTextNode('');
      if (text.data !== m.x) text.data = m.x;
      return text;
    }
    if ('m' in m) {
      const comment = existing?.nodeType === Node.COMMENT_NODE ? (existing as Comment) : doc.createComment('');
      if (comment.data !== m.m) comment.data = m.m;
      return comment;
    }
    // Nodes of the copy are of its frame's realm: told apart by nodeType, never by this page's instanceof.
    const same = existing?.nodeType === Node.ELEMENT_NODE && (existing as Element).localName === m.t;
    const el = same ? (existing as Element) : m.n ? doc.createElementNS(m.n, m.t) : doc.createElement(m.t);
    // A <meta http-equiv> in the copy would act there (a refresh navigates the copy's frame away): left out.
    const attrs = m.t === 'meta' ? m.a.filter(([name]) => name.toLowerCase() !== 'http-equiv') : m.a;
    const names = new Set(attrs.map(([name]) => name));
    for (const attr of Array.from(el.attributes)) if (!names.has(attr.name)) el.removeAttribute(attr.name);
    for (const [name, value] of attrs) {
      try {
        if (el.getAttribute(name) !== value) el.setAttribute(name, value);
      } catch {
        // A name the DOM API refuses but the parser made: left out of the copy.
      }
    }
    const kids = m.k.map((k) => place(k));
    const current = Array.from(el.childNodes);
    if (kids.length !== current.length || kids.some((k, i) => k !== current[i])) el.replaceChildren(...kids);
    if (m.v !== undefined && 'value' in el) (el as HTMLInputElement).value = m.v;
    if (m.c !== undefined && el instanceof frameWindow.HTMLInputElement) el.checked = m.c;
    if (m.s !== undefined && el instanceof frameWindow.HTMLSelectElement) el.selectedIndex = m.s;
    if (m.v !== undefined || m.c !== undefined || m.s !== undefined)
      sent.set(el, { value: (el as HTMLInputElement).value, checked: m.c });
    return el;
  };
  const place = (m: MirrorNode): Node => {
    const node = build(m, nodes.get(m.i));
    nodes.set(m.i, node);
    known.set(node, m.i);
    return node;
  };
  const frameWindow = frame.contentWindow as unknown as typeof globalThis;

  // Events the test dispatches on the copy are played on the frame's node; the copy's default action is prevented.
  const forward = (event: Event): void => {
    const id = event.target instanceof frameWindow.Node ? known.get(event.target) : undefined;
    if (id === undefined || event.eventPhase !== Event.CAPTURING_PHASE) return;
    const init: Record<string, unknown> = {};
    const fields = event as unknown as Record<string, unknown>;
    for (const key of INIT_KEYS) if (key in event) init[key] = fields[key];
    send({
      type: 'event',
      target: id,
      event: { kind: event.constructor.name, type: event.type, init },
      state: changedState(),
    });
    if (event.cancelable) event.preventDefault();
  };
  for (const type of PLAYED_EVENTS) doc.addEventListener(type, forward, true);
  // Called on a copy, these act on the frame's node: the copy's document has no forms or focus of its own to give.
  for (const method of MIRRORED_CALLS) {
    const proto = (method === 'focus' || method === 'blur' ? frameWindow.HTMLElement : frameWindow.HTMLFormElement)
      .prototype as unknown as Record<string, unknown>;
    proto[method] = function (this: Node, ...args: unknown[]): void {
      const id = known.get(this);
      if (id === undefined) return;
      const ids = args.map((a) => (a instanceof frameWindow.Node ? known.get(a) : undefined));
      send({
        type: 'call',
        target: id,
        method,
        args: ids.filter((x): x is number => x !== undefined),
        state: changedState(),
      });
    };
  }

  return {
    root,
    receive(report) {
      if (report.type === 'tree') {
        if (report.root !== null && !nodes.has(report.root)) {
          nodes.set(report.root, root);
          known.set(root, report.root);
        }
        // The frame's body maps onto the copy's body; only the root is kept in place when the tree has none yet.
        const body = build(report.body, doc.body);
        if (report.root === null && !body.contains(root)) body.appendChild(root);
      } else if (report.type === 'synced') {
        waiting.get(report.n)?.();
        waiting.delete(report.n);
      }
    },
    connect(given) {
      port = given;
      for (const m of outbox.splice(0)) port.postMessage(m);
    },
    sync() {
      const n = ++syncs;
      return new Promise<void>((resolve) => {
        waiting.set(n, resolve);
        send({ type: 'sync', n });
      });
    },
    remove() {
      port?.close();
      frame.remove();
      for (const resolve of waiting.values()) resolve();
      waiting.clear();
    },
  };
}
