// The two HTML documents the server writes: the host page, and the near-empty
// document of one extension frame (its transport, then its bundle).

/** The host page: an empty shell the host app renders into. */
export function hostDocument(title: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<script src="/__extkit/host.js" defer></script>
</head>
<body><noscript>The extkit preview needs JavaScript.</noscript></body>
</html>
`;
}

/**
 * The document of one frame: no markup of its own, the base style unless the
 * developer turned it off, the frame transport and the bundle inline (one
 * request per reload; the policy pins each by hash).
 */
export function frameDocument(scripts: readonly string[], style?: string): string {
  const css = style === undefined ? '' : `<style>${style}</style>`;
  return `<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">${css}${scripts.map((s) => `<script>${s}</script>`).join('')}</head><body></body></html>`;
}

/** Makes script text safe inside <script>: esbuild already escapes `</script` in strings; this covers the rest. */
export const inlineSafe = (code: string): string => code.replace(/<\/(script)/gi, '<\\/$1');

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
