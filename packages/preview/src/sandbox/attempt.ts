// What the frame's lockdown tells the host page when the extension reaches for
// a channel the sandbox stops but CSP cannot (WebRTC): one window message from
// the extension frame to its parent, defined here once for both ends.

/** The constructors the lockdown replaces in every realm of the frame: each opens network paths connect-src does not cover. */
export const WEBRTC_APIS = ['RTCPeerConnection', 'webkitRTCPeerConnection'] as const;
export type WebRtcApi = (typeof WEBRTC_APIS)[number];

/** Window message, frame → parent: the extension tried `api`, naming these ICE server URLs; it was stopped. */
export interface SandboxAttempt {
  extkit: 'sandbox';
  protocol: 1;
  api: WebRtcApi;
  /** The ICE server URLs it named (stun:, turn:), at most MAX_TARGETS, each cut to MAX_TARGET_LENGTH. */
  targets: string[];
}

export const MAX_TARGETS = 10;
export const MAX_TARGET_LENGTH = 200;

/** Checks a window message field by field: it comes from the frame, where untrusted code runs. */
export function isSandboxAttempt(data: unknown): data is SandboxAttempt {
  if (typeof data !== 'object' || data === null) return false;
  const m = data as Record<string, unknown>;
  return (
    m['extkit'] === 'sandbox' &&
    m['protocol'] === 1 &&
    (WEBRTC_APIS as readonly unknown[]).includes(m['api']) &&
    Array.isArray(m['targets']) &&
    m['targets'].length <= MAX_TARGETS &&
    m['targets'].every((t) => typeof t === 'string' && t.length <= MAX_TARGET_LENGTH)
  );
}

/** The ICE server URLs a configuration names, read defensively (the extension wrote it, getters and all). */
export function iceTargets(config: unknown): string[] {
  const out: string[] = [];
  try {
    const servers = (config as { iceServers?: unknown } | null)?.iceServers;
    if (!Array.isArray(servers)) return out;
    for (const server of servers.slice(0, MAX_TARGETS)) {
      const urls = (server as { urls?: unknown } | null)?.urls;
      for (const url of Array.isArray(urls) ? urls : [urls]) {
        if (typeof url === 'string' && out.length < MAX_TARGETS) out.push(url.slice(0, MAX_TARGET_LENGTH));
      }
    }
  } catch {
    // A throwing getter: report what was read so far.
  }
  return out;
}

/** The network log's entry for an attempt: what was stopped, and what the platform's sandbox must do about it. */
export function attemptEntry(surface: string, attempt: SandboxAttempt): { surface: string; directive: string; blocked: string; origin: null; fix: string } {
  return {
    surface,
    directive: 'webrtc',
    blocked: attempt.targets.length ? attempt.targets.join(' ') : `new ${attempt.api}()`,
    origin: null,
    fix:
      `The preview stopped new ${attempt.api}() before it could send anything. WebRTC reaches any STUN/TURN server or peer it names and ` +
      'connect-src (capabilities.network) does not govern it, so the platform\'s sandbox must stop it the same way: replace the WebRTC ' +
      'constructors in the frame and in every same-origin window it creates, before the extension\'s code runs. It cannot be declared.',
  };
}
