// The two HTML documents the server writes: the host page, and the near-empty
// document of one extension frame (its transport, then its bundle).
import { FRAME_SCRIPTS } from './csp.js';

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

/** The document of one frame: no markup of its own, the two scripts its policy allows. */
export function frameDocument(revision: number): string {
  const scripts = FRAME_SCRIPTS.map((src) => `<script src="${src}?r=${revision}"></script>`).join('');
  return `<!doctype html><html><head><meta charset="utf-8">${scripts}</head><body></body></html>`;
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
