// The Content-Security-Policy of an extension frame: the platform's sandbox.
// connect-src is exactly the declared origins (never 'self'), scripts come only
// from the frame transport and the extension's bundle, and nothing else loads.

export interface FrameCspInput {
  /** The preview server's origin, e.g. `http://127.0.0.1:5173`. */
  origin: string;
  /** capabilities.network: the declared origins. */
  network: readonly string[];
  /** Where the browser reports what the policy blocked. */
  reportUri: string;
}

/** Paths of the only two scripts a frame may run. */
export const FRAME_SCRIPTS = ['/__extkit/bridge.js', '/__extkit/bundle.js'] as const;

/** The header value for one frame document. */
export function frameCsp({ origin, network, reportUri }: FrameCspInput): string {
  return [
    "default-src 'none'",
    `script-src ${FRAME_SCRIPTS.map((p) => origin + p).join(' ')}`,
    `connect-src ${network.length > 0 ? network.join(' ') : "'none'"}`,
    "base-uri 'none'",
    "form-action 'none'",
    `frame-ancestors ${origin}`,
    // Also sandboxes the document when it is opened outside its iframe.
    'sandbox allow-scripts',
    `report-uri ${reportUri}`,
  ].join('; ');
}

/** The host page's own policy: its scripts and frames from this server only. */
export const HOST_CSP = "default-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; frame-ancestors 'none'; base-uri 'none'";
