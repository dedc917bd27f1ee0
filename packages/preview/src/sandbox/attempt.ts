// What the frame's lockdown tells the host page when the extension reaches for
// a channel the sandbox stops but CSP cannot (WebRTC, resource hints, nested
// frames, script integrity): the `attempt` of a bridge `sandbox` message, sent over the port the
// extension cannot reach, defined here once for both ends. What the sandbox
// attribute refuses (forms, popups, modals, top navigation, downloads, pointer
// lock) is the runtime's table (SANDBOX_RULES), reported here by its channel.
import { INTEGRITY_REFUSAL, SANDBOX_RULES, sandboxRefusal, type SandboxChannel } from '@extkit/runtime/bridge';

/** The constructors the lockdown replaces in every realm of the frame: each opens network paths connect-src does not cover. */
export const WEBRTC_APIS = ['RTCPeerConnection', 'webkitRTCPeerConnection'] as const;
export type WebRtcApi = (typeof WEBRTC_APIS)[number];

/** Workers and worklet modules: refused and reported (workers.ts), since Chromium refuses them in the frame's console only. */
export const WORKER_APIS = ['Worker', 'SharedWorker', 'Worklet.addModule'] as const;
export type WorkerApi = (typeof WORKER_APIS)[number];

/** The `<link rel>` tokens the lockdown strips: measured in Chromium 156, they reach the network whatever connect-src says. */
export const BLOCKED_RELS = ['preconnect', 'dns-prefetch'] as const;
export type BlockedRel = (typeof BLOCKED_RELS)[number];

/**
 * Markup the lockdown refuses because a hint or a nested frame could leave through it unseen:
 * HTML it cannot parse apart before the browser does (`document.write`, `execCommand`, declarative shadow roots).
 */
export const REFUSED_MARKUP = ['document.write', 'execCommand', 'shadowrootmode'] as const;
export type RefusedMarkup = (typeof REFUSED_MARKUP)[number];

/**
 * Nested frames (`<iframe>`, `<frame>`, `<object>`, `<embed>`): refused wherever they are made. Measured in
 * Chromium 156, a nested browsing context sent to a host (its `src`, a refresh in its document, or its parent
 * navigating it through `window[i].location`, `window.open(url, name)`, `<a target>`) resolves the name and
 * connects before `frame-src` refuses it, and its window cannot be kept from the extension.
 */
export const NESTED_FRAME = 'nested-frame';
export const NESTED_FRAME_ELEMENTS = ['iframe', 'frame', 'object', 'embed'] as const;

/**
 * What cancels a navigation the frame started and keeps its document alive (window.stop(), document.open(), a
 * write that reopens the document): refused, so that each navigation toward a host ends the extension's document.
 */
export const NAVIGATION_CANCELS = ['window.stop', 'document.open'] as const;
export type NavigationCancel = (typeof NAVIGATION_CANCELS)[number];

/**
 * `integrity` on a script (HTML or SVG) or a link: stripped. Measured in Chromium 156, an external script or a preload
 * whose integrity names a hash the frame's policy allows is requested (and would run), whatever host it names.
 */
export const SCRIPT_INTEGRITY = 'integrity';

const APIS: readonly string[] = [
  ...(Object.keys(SANDBOX_RULES) as SandboxChannel[]),
  SCRIPT_INTEGRITY,
  ...WEBRTC_APIS,
  ...WORKER_APIS,
  ...BLOCKED_RELS,
  ...REFUSED_MARKUP,
  NESTED_FRAME,
  ...NAVIGATION_CANCELS,
];

/** Frame → host page: the extension tried `api`, naming these targets; it was stopped. */
export interface SandboxAttempt {
  extkit: 'sandbox';
  protocol: 1;
  api:
    | WebRtcApi
    | WorkerApi
    | BlockedRel
    | RefusedMarkup
    | typeof NESTED_FRAME
    | NavigationCancel
    | SandboxChannel
    | typeof SCRIPT_INTEGRITY;
  /**
   * WebRTC: the ICE server URLs it named (stun:, turn:); a hint: the origin of its href; a nested frame: the origin
   * its markup named, if any; markup: none; a refusal of the sandbox attribute: how it was tried, then its target if any.
   * At most MAX_TARGETS, each cut to MAX_TARGET_LENGTH.
   */
  targets: string[];
}

export const MAX_TARGETS = 10;
export const MAX_TARGET_LENGTH = 200;

/** Checks an attempt field by field: it comes from the frame, where untrusted code runs. */
export function isSandboxAttempt(data: unknown): data is SandboxAttempt {
  if (typeof data !== 'object' || data === null) return false;
  const m = data as Record<string, unknown>;
  return (
    m['extkit'] === 'sandbox' &&
    m['protocol'] === 1 &&
    APIS.includes(m['api'] as string) &&
    Array.isArray(m['targets']) &&
    m['targets'].length <= MAX_TARGETS &&
    m['targets'].every((t) => typeof t === 'string' && t.length <= MAX_TARGET_LENGTH)
  );
}

// iceTargets runs in the frame when the extension calls a WebRTC constructor: it
// uses built-ins captured before the extension ran, so replacing them cannot hide a target.
const { isArray } = Array;
const { apply, defineProperty } = Reflect;
const { slice } = String.prototype;
const callSlice = (text: string): string => apply(slice, text, [0, MAX_TARGET_LENGTH]);

/** The ICE server URLs a configuration names, read defensively (the extension wrote it, getters and all). */
export function iceTargets(config: unknown): string[] {
  const out: string[] = [];
  const add = (url: unknown): void => {
    if (typeof url === 'string' && out.length < MAX_TARGETS)
      defineProperty(out, out.length, {
        __proto__: null,
        value: callSlice(url),
        writable: true,
        enumerable: true,
        configurable: true,
      } as PropertyDescriptor);
  };
  try {
    const servers = (config as { iceServers?: unknown } | null)?.iceServers;
    if (!isArray(servers)) return out;
    for (let i = 0; i < servers.length && i < MAX_TARGETS; i++) {
      const urls = (servers[i] as { urls?: unknown } | null)?.urls;
      if (!isArray(urls)) add(urls);
      else for (let j = 0; j < urls.length; j++) add(urls[j]);
    }
  } catch {
    // A throwing getter: report what was read so far.
  }
  return out;
}

/** The network log's entry for an attempt: what was stopped, and what the platform's sandbox must do about it. */
export function attemptEntry(
  surface: string,
  attempt: SandboxAttempt,
): { surface: string; directive: string; blocked: string; origin: null; fix: string } {
  const { api, targets } = attempt;
  if (api === SCRIPT_INTEGRITY) {
    return {
      surface,
      directive: 'script integrity',
      blocked: targets.join(' ') || '<script integrity> or <link integrity>',
      origin: null,
      fix: INTEGRITY_REFUSAL,
    };
  }
  if (Object.hasOwn(SANDBOX_RULES, api)) {
    const refusal = sandboxRefusal(api as SandboxChannel, targets[0] ?? api, targets[1] ?? null);
    return {
      surface,
      directive: `sandbox without ${refusal.permission}`,
      blocked: refusal.target ? `${refusal.via} ${refusal.target}` : refusal.via,
      origin: null,
      fix: refusal.fix,
    };
  }
  if (api === 'Worker' || api === 'SharedWorker' || api === 'Worklet.addModule') {
    return {
      surface,
      directive: api === 'Worklet.addModule' ? 'worklet' : 'worker',
      blocked: targets[0] || (api === 'Worklet.addModule' ? 'addModule()' : `new ${api}()`),
      origin: null,
      fix:
        `The preview refused ${api === 'Worklet.addModule' ? 'the worklet module' : `new ${api}()`}: no worker or worklet script loads in the frame. ` +
        "Its origin is opaque, so the browser refuses a worker script from any URL, and its policy's script-src allows only the frame's own inline scripts " +
        "(no blob:, data: or module URL). Chromium says so only in the frame's console (a worklet's refusal sends no report), so the platform's sandbox " +
        'must refuse and report the same. Run the work in the bundle itself; a worker cannot be declared.',
    };
  }
  if (api === 'preconnect' || api === 'dns-prefetch') {
    return {
      surface,
      directive: `link rel=${api}`,
      blocked: targets.join(' ') || `<link rel=${api}>`,
      origin: null,
      fix:
        `The preview removed rel=${api} from the <link> before the browser saw it. Chromium ${api === 'preconnect' ? 'opens a connection to' : 'sends to DNS'} ` +
        "any host a hint names and connect-src (capabilities.network) does not govern it, so the platform's sandbox must strip the same " +
        "rel tokens in the frame and in every document it creates, before the extension's code runs. A hint cannot be declared; a fetch to a declared origin needs none.",
    };
  }
  if (api === NESTED_FRAME) {
    return {
      surface,
      directive: 'nested frame',
      blocked: targets.join(' ') || '<iframe>, <frame>, <object> or <embed>',
      origin: null,
      fix:
        'The preview refused the nested frame. CSP refuses a nested frame sent to another origin (frame-src), but measured in Chromium, ' +
        'only after the browser resolved the name and opened a TCP connection to it; and once a nested frame exists, the extension can send it ' +
        "anywhere (window[0].location, window.open(url, name), <a target>). The platform's sandbox must refuse the same elements in the frame, " +
        "before the extension's code runs. Isolate markup with a shadow root instead; a nested frame cannot be declared.",
    };
  }
  if (api === 'window.stop' || api === 'document.open') {
    return {
      surface,
      directive: 'navigation',
      blocked: api === 'window.stop' ? 'window.stop()' : 'document.open() or a write that reopens the document',
      origin: null,
      fix:
        `The preview refused ${api === 'window.stop' ? 'window.stop()' : 'document.open()'}: it cancels a navigation the frame started and keeps ` +
        'the document alive. Measured in Chromium, a frame navigation toward any host resolves the name and opens a TCP connection before ' +
        "frame-src refuses it, so cancelling each one lets an extension reach host after host while it runs. The platform's sandbox must " +
        "refuse the same in the frame, before the extension's code runs, and end the frame's document on any navigation it starts.",
    };
  }
  if (api === 'document.write' || api === 'execCommand' || api === 'shadowrootmode') {
    return {
      surface,
      directive: api === 'shadowrootmode' ? 'declarative shadow root' : api,
      blocked: 'markup with <link>, <script> or a nested frame',
      origin: null,
      fix:
        `The preview refused ${api === 'shadowrootmode' ? 'markup with a declarative shadow root' : api} holding <link>, <script> or a nested frame: the browser would act on ` +
        "it before the lockdown could look. The platform's sandbox must refuse the same. Create such elements with the DOM (document.createElement).",
    };
  }
  return {
    surface,
    directive: 'webrtc',
    blocked: targets.length ? targets.join(' ') : `new ${api}()`,
    origin: null,
    fix:
      `The preview stopped new ${api}() before it could send anything. WebRTC reaches any STUN/TURN server or peer it names and ` +
      "connect-src (capabilities.network) does not govern it, so the platform's sandbox must stop it the same way: replace the WebRTC " +
      "constructors in the frame and in every same-origin window it creates, before the extension's code runs. It cannot be declared.",
  };
}
