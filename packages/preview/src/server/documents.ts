// The two HTML documents the server writes: the host page, and the near-empty
// document of one extension frame (its transport, then its bundle).
import { FRAME_KEY_META, LOAD_META, ROUTING_META } from '../load-proof.js';

/** The host page: an empty shell the host app renders into, holding the session's frame key (load-proof.ts). */
export function hostDocument(title: string, frameKey: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<meta name="${FRAME_KEY_META}" content="${escapeHtml(frameKey)}">
<script src="/__extkit/host.js" defer></script>
</head>
<body><noscript>The extkit preview needs JavaScript.</noscript></body>
</html>
`;
}

/**
 * The document of one frame: no markup of its own, the base style unless the
 * developer turned it off, the proof of the load when the host page named one,
 * the frame transport and the bundle inline (one request per reload; the policy
 * pins each script by hash).
 */
export function frameDocument(
  scripts: readonly string[],
  style?: string,
  loadProof?: string,
  routing?: { api: string; emulator: string },
): string {
  const css = style === undefined ? '' : `<style>${style}</style>`;
  const proof = loadProof === undefined ? '' : `<meta name="${LOAD_META}" content="${escapeHtml(loadProof)}">`;
  const routed =
    routing === undefined ? '' : `<meta name="${ROUTING_META}" content="${escapeHtml(JSON.stringify(routing))}">`;
  return `<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">${proof}${routed}${css}${scripts.map((s) => `<script>${s}</script>`).join('')}</head><body></body></html>`;
}

/** Makes script text safe inside <script>: esbuild already escapes `</script` in strings; this covers the rest. */
export const inlineSafe = (code: string): string => code.replace(/<\/(script)/gi, '<\\/$1');

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
