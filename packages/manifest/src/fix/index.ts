// `@extkit/manifest/fix`: `extkit validate --fix` as a library. An entry of its own, so that
// `extkit validate` without --fix never loads jsonc-parser's tree or the file writer.
export { fixManifestText, UnsafeFixError, type FixChange, type FixResult, type FixSuggestion } from './fix.js';
export { fixManifestFile, type FixFileResult } from './file.js';
export { unifiedDiff } from './diff.js';
