// The bridge protocol between a host page and one extension frame, defined once
// for both ends: the frame side (./frame.ts) and the host side (@extkit/preview).
// See docs/design/runtime.md, "The bridge".
import type { ContributionKind } from '../context.js';
import { BRIDGE_BUDGET, type Dropped } from './budget.js';

/** The protocol generation every message carries; a message of another generation is ignored. */
export const PROTOCOL_VERSION = 1;

/** One surface: a contribution of one kind, by the id (or path) `contributes` declares; what the host mounts in a frame. */
export interface Surface {
  kind: ContributionKind;
  id: string;
}

/** Window message, frame → parent: "my transport is listening, connect me". */
export interface HelloMessage {
  extkit: 'hello';
  protocol: typeof PROTOCOL_VERSION;
  /**
   * The proof of the load the host made, when its host gave the document one: a host
   * that loads frames itself connects only a hello carrying the proof of its latest
   * load, once, so a document the frame navigated to cannot pass for the one it loaded.
   */
  load?: string;
}

/** Window message, host → frame, with a MessagePort transferred; after it, everything travels on that port. */
export interface ConnectMessage {
  extkit: 'connect';
  protocol: typeof PROTOCOL_VERSION;
}

type Versioned<T> = T & { v: typeof PROTOCOL_VERSION };
type Values = Record<string, unknown>;

/** One `ctx.emit(event, detail)`, as an `emits` message carries it. */
export interface Emit {
  event: string;
  detail?: unknown;
}

/** Port messages the host sends. */
export type HostMessage = Versioned<
  | { type: 'mount'; surface: Surface; props: Values; config: Values }
  | { type: 'props'; props: Values }
  | { type: 'config'; config: Values }
  | { type: 'callResult'; callId: number; ok: true; value: unknown }
  | { type: 'callResult'; callId: number; ok: false; error: string }
>;

/** Port messages the frame sends. */
export type FrameMessage = Versioned<
  /**
   * The frame's registrations, as many as fit one message (BRIDGE_BUDGET.readyRegistrations); `unlisted` counts the rest.
   * Sent once the port starts, and again after a registration made later, listing them all anew.
   */
  | { type: 'ready'; registrations: Surface[]; unlisted?: number }
  | { type: 'mounted'; surface: Surface }
  /** What the frame's sandbox stopped (the preview's lockdown); its shape is the sandbox's own, checked where it is read. */
  | { type: 'sandbox'; attempt: Record<string, unknown> }
  // Emits of one task, in order, at most BRIDGE_BUDGET.messageEmits a message: a task's emits leave in as few bounded messages as they fit.
  | { type: 'emits'; events: Emit[] }
  | { type: 'resize'; height: number }
  /** What the frame dropped over its rate budget (budget.ts) in the window that just ended; sent once per window. */
  | ({ type: 'dropped' } & Dropped)
  | { type: 'call'; callId: number; prop: string; name: string; args: unknown[] }
  | { type: 'error'; message: string; stack?: string }
>;

export type HostMessageType = HostMessage['type'];
export type FrameMessageType = FrameMessage['type'];

const isRecord = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);

/** True for the handshake a frame answers: `{ extkit: 'connect', protocol: 1 }`. */
export function isConnect(data: unknown): data is ConnectMessage {
  return isRecord(data) && data['extkit'] === 'connect' && data['protocol'] === PROTOCOL_VERSION;
}

/** True for a frame's hello: `{ extkit: 'hello', protocol: 1 }`, with `load` a string when present. */
export function isHello(data: unknown): data is HelloMessage {
  return (
    isRecord(data) &&
    data['extkit'] === 'hello' &&
    data['protocol'] === PROTOCOL_VERSION &&
    (data['load'] === undefined || typeof data['load'] === 'string')
  );
}

const str = (x: unknown): x is string => typeof x === 'string';
const count = (x: unknown): boolean => Number.isSafeInteger(x) && (x as number) >= 0;
/**
 * What a host that loads the frame itself can give its document to mount with before the handshake: exactly what
 * its `mount` message will carry. The frame mounts at once when its document is parsed, and the `mount` message
 * that follows the handshake then passes on only what changed since (saves the handshake's round trip on every load).
 */
export interface FirstMount {
  surface: Surface;
  props: Values;
  config: Values;
}

/** Checks a first mount read from a frame's URL field by field; undefined when it is not one. */
export function parseFirstMount(data: unknown): FirstMount | undefined {
  return isRecord(data) && isSurface(data['surface']) && isRecord(data['props']) && isRecord(data['config'])
    ? { surface: { kind: data['surface'].kind, id: data['surface'].id }, props: data['props'], config: data['config'] }
    : undefined;
}

/** Every contribution kind a surface can be, in one list for both ends of the bridge. */
export const KINDS: readonly ContributionKind[] = ['component', 'feature', 'slot', 'route', 'orgRoute', 'shell'];
const isSurface = (x: unknown): x is Surface =>
  isRecord(x) && KINDS.includes(x['kind'] as ContributionKind) && str(x['id']);

/**
 * Checks a port message from a frame field by field, since the frame runs
 * untrusted code: a host acts only on messages this accepts.
 */
export function parseFrameMessage(data: unknown): FrameMessage | undefined {
  if (!isRecord(data) || data['v'] !== PROTOCOL_VERSION) return undefined;
  const m = data;
  switch (m['type']) {
    case 'ready':
      return Array.isArray(m['registrations']) &&
        m['registrations'].length <= BRIDGE_BUDGET.readyRegistrations &&
        m['registrations'].every(isSurface) &&
        (m['unlisted'] === undefined || count(m['unlisted']))
        ? (m as FrameMessage)
        : undefined;
    case 'mounted':
      return isSurface(m['surface']) ? (m as FrameMessage) : undefined;
    case 'emits':
      return Array.isArray(m['events']) &&
        m['events'].length <= BRIDGE_BUDGET.messageEmits &&
        m['events'].every((e) => isRecord(e) && str(e['event']))
        ? (m as FrameMessage)
        : undefined;
    case 'dropped':
      return count(m['emits']) && count(m['errors']) && count(m['reports']) ? (m as FrameMessage) : undefined;
    case 'emit':
      // Bundles built before emits were batched send one `emit` each; an artifact is immutable, so the host keeps reading them.
      return str(m['event'])
        ? { v: PROTOCOL_VERSION, type: 'emits', events: [{ event: m['event'], detail: m['detail'] }] }
        : undefined;
    case 'resize':
      return typeof m['height'] === 'number' && Number.isFinite(m['height']) ? (m as FrameMessage) : undefined;
    case 'call':
      return Number.isInteger(m['callId']) && str(m['prop']) && str(m['name']) && Array.isArray(m['args'])
        ? (m as FrameMessage)
        : undefined;
    case 'error':
      return str(m['message']) ? (m as FrameMessage) : undefined;
    case 'sandbox':
      return isRecord(m['attempt']) ? (m as FrameMessage) : undefined;
    default:
      return undefined;
  }
}
