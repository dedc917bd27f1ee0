// The parts of an extension frame, for another host of the same frame (@extkit/testing's browser
// run): the document, its policy, the transport and lockdown that run before the bundle, and the
// incremental build of the bundle. The preview's own server composes them in server/routes.ts.
export { BASE_STYLE } from './server/base-style.js';
export { frameCsp, scriptHash, type FrameCspInput } from './server/csp.js';
export { escapeHtml, frameDocument, inlineSafe } from './server/documents.js';
export { clientAssets, type ClientAssets } from './session/client-assets.js';
export { createBuilder, previewOptions, type BuildOutcome, type Builder } from './session/build.js';
