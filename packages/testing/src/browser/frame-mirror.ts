// Runs in the extension's frame in the browser run, after the preview's transport and lockdown and
// before the extension's bundle: sends the frame's DOM to the test page as a tree (the frame is
// cross-origin to it: sandbox="allow-scripts", an opaque origin), plays there the events and calls
// the test makes on the mirror, and reports what the frame's policy refused. Captured first, so the
// extension replacing a built-in later changes nothing here. Test-only: bundled into the test frame.
import { MIRROR_HELLO, type ControlState, type FrameReport, type MirrorNode, type TestMessage } from './protocol.js';

const win = window;
const doc = document;
const { apply } = Reflect;
const parentWindow = win.parent;
const MessageChannelOf = MessageChannel;
const MutationObserverOf = MutationObserver;
const setTimeoutOf = setTimeout;
const WeakMapOf = WeakMap;
// Captured before the extension runs and called with apply, so replacing them later changes nothing here.
// eslint-disable-next-line @typescript-eslint/unbound-method -- called with apply on the map
const { get: wmGet, set: wmSet } = WeakMap.prototype;
// eslint-disable-next-line @typescript-eslint/unbound-method -- called with apply on the port
const portPost = MessagePort.prototype.postMessage;
const ELEMENT = Node.ELEMENT_NODE;
const TEXT = Node.TEXT_NODE;
const COMMENT = Node.COMMENT_NODE;
/** A tree is cut past this many nodes: the mirror is for what a test reads, not a page of thousands. */
const MAX_NODES = 20_000;
/** Nor deeper than this: the copy is made recursively, on both sides. */
const MAX_DEPTH = 256;

const ids = new WeakMapOf<Node, number>();
const byId = new Map<number, Node>();
let next = 0;
const idOf = (node: Node): number => {
  let id = apply(wmGet, ids, [node]) as number | undefined;
  if (id === undefined) {
    id = ++next;
    apply(wmSet, ids, [node, id]);
    byId.set(id, node);
  }
  return id;
};

const channel = new MessageChannelOf();
const port = channel.port1;
const post = (m: FrameReport): void => void apply(portPost, port, [m]);
parentWindow.postMessage({ extkit: MIRROR_HELLO }, '*', [channel.port2]);

// The mount's root: the first element appended to the body, which the transport makes when it mounts. The frame's
// document has an empty body and its scripts run in the head, where there is no body to append to before then.
let root: Element | null = null;

function serialize(node: Node, budget: { left: number }, depth = 0): MirrorNode | null {
  if (budget.left-- <= 0 || depth > MAX_DEPTH) return null;
  const i = idOf(node);
  if (node.nodeType === TEXT) return { i, x: (node as Text).data };
  if (node.nodeType === COMMENT) return { i, m: (node as Comment).data };
  if (node.nodeType !== ELEMENT) return null;
  const el = node as Element;
  const a: Array<[string, string]> = [];
  for (const attr of Array.from(el.attributes)) a.push([attr.name, attr.value]);
  const out: MirrorNode = { i, t: el.localName, a, k: [] };
  if (el.namespaceURI !== 'http://www.w3.org/1999/xhtml' && el.namespaceURI) out.n = el.namespaceURI;
  if (el instanceof HTMLInputElement) {
    out.v = el.value;
    out.c = el.checked;
  } else if (el instanceof HTMLTextAreaElement) out.v = el.value;
  else if (el instanceof HTMLSelectElement) out.s = el.selectedIndex;
  const kids = el instanceof HTMLTemplateElement ? [] : Array.from(el.childNodes);
  for (const kid of kids) {
    const s = serialize(kid, budget, depth + 1);
    if (s) out.k.push(s);
  }
  return out;
}

let treeQueued = false;
function sendTree(): void {
  treeQueued = false;
  const body = doc.body;
  if (!body) return;
  const tree = serialize(body, { left: MAX_NODES });
  if (tree) post({ type: 'tree', body: tree, root: root ? idOf(root) : null });
}
/** One tree per task at most, however many mutations it made. */
function queueTree(): void {
  if (treeQueued) return;
  treeQueued = true;
  apply(setTimeoutOf, win, [sendTree, 0]);
}

const observer = new MutationObserverOf((records) => {
  if (!root)
    for (const r of records)
      for (const added of Array.from(r.addedNodes))
        if (!root && r.target === doc.body && added.nodeType === ELEMENT) root = added as Element;
  queueTree();
});
observer.observe(doc, { subtree: true, childList: true, attributes: true, characterData: true });

function applyState(state: ControlState[]): void {
  for (const [id, value, checked] of state) {
    const el = byId.get(id);
    if (value !== undefined && (el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement)) el.value = value;
    if (value !== undefined && el instanceof HTMLSelectElement) el.value = value;
    if (checked !== undefined && el instanceof HTMLInputElement) el.checked = checked;
  }
}

const EventInterfaces = win as unknown as Record<string, typeof Event | undefined>;

function play(m: TestMessage): void {
  if (m.type === 'sync') {
    // After what the frame queued for the events before it: a task, a message turn (React's scheduler) and a task.
    const ping = new MessageChannelOf();
    apply(setTimeoutOf, win, [
      () => {
        ping.port1.onmessage = () =>
          void apply(setTimeoutOf, win, [
            () => {
              observer.takeRecords();
              sendTree();
              post({ type: 'synced', n: m.n });
            },
            0,
          ]);
        ping.port2.postMessage(null);
      },
      0,
    ]);
    return;
  }
  applyState(m.state);
  const target = byId.get(m.target);
  if (!target) return queueTree();
  if (m.type === 'event') {
    const Interface = EventInterfaces[m.event.kind] ?? Event;
    let event: Event;
    try {
      event = new Interface(m.event.type, m.event.init);
    } catch {
      event = new Event(m.event.type, m.event.init);
    }
    target.dispatchEvent(event);
  } else {
    const el = target as unknown as Record<string, (...args: unknown[]) => unknown>;
    const args = m.args.map((id) => byId.get(id));
    if (typeof el[m.method] === 'function') el[m.method]!(...args);
  }
  queueTree();
}

port.onmessage = (e: MessageEvent<TestMessage>) => play(e.data);

// What the frame's policy refused (connect-src, script-src-elem, ...), with the URL Chromium names.
win.addEventListener(
  'securitypolicyviolation',
  (e: SecurityPolicyViolationEvent) =>
    post({ type: 'violation', directive: e.effectiveDirective || e.violatedDirective, url: e.blockedURI }),
  true,
);
