// The Content-Security-Policy of an extension frame: the platform's sandbox.
// connect-src is exactly the declared origins (never 'self'); the only scripts
// that run are the frame transport and the extension's bundle, pinned by their
// sha256 (no URL, no eval, nothing injected); nothing else loads.
import { createHash } from 'node:crypto';

export interface FrameCspInput {
  /** The preview server's origin, e.g. `http://127.0.0.1:5173`. */
  origin: string;
  /** capabilities.network: the declared origins. */
  network: readonly string[];
  /** Where the browser reports what the policy blocked. */
  reportUri: string;
  /** The CSP hash source of each script the frame document inlines (`scriptHash`). */
  scriptHashes: readonly string[];
  /** The hash source of each style element it inlines (the base style); none: no styles but the DOM's. */
  styleHashes?: readonly string[];
}

/** A CSP hash source for an inline script's (or style's) text: `'sha256-<base64>'`. */
export const scriptHash = (text: string): string =>
  `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/** An origin as a CSP source, nothing more: a list separator or a directive inside would widen the policy. */
const ORIGIN_SOURCE = /^[a-z][a-z0-9+.-]*:\/\/[^\s;,'"/]+$/i;

/** The header value for one frame document. Entries of `network` that are not plain origins are left out. */
export function frameCsp({
  origin,
  network: declared,
  reportUri,
  scriptHashes,
  styleHashes = [],
}: FrameCspInput): string {
  const network = declared.filter((o) => ORIGIN_SOURCE.test(o));
  return [
    "default-src 'none'",
    `script-src ${scriptHashes.join(' ')}`,
    ...(styleHashes.length ? [`style-src ${styleHashes.join(' ')}`] : []),
    `connect-src ${network.length > 0 ? network.join(' ') : "'none'"}`,
    // Images and fonts the build inlines into the bundle are data: URLs (docs/build.md, "Stylesheets, images and fonts").
    'img-src data:',
    'font-src data:',
    "base-uri 'none'",
    "form-action 'none'",
    `frame-ancestors ${origin}`,
    // Also sandboxes the document when it is opened outside its iframe.
    'sandbox allow-scripts',
    `report-uri ${reportUri}`,
  ].join('; ');
}

/** The host page's own policy: its scripts and frames from this server only. */
export const HOST_CSP =
  "default-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; frame-ancestors 'none'; base-uri 'none'";
