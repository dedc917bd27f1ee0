// The narrow entry (`@extkit/manifest/read`) for what only finds, reads and checks a
// project's manifest (@extkit/testing, loaded in every test file): the validator without
// the type generator, the positions of the text or the rules table's public names.
export { validateManifest, type ValidateOptions, type ValidationReport } from './validate.js';
export { readManifest, type ReadManifestResult } from './parse.js';
export { findManifest, validateOptionsFor, type ManifestLocation, type ValidatorSettings } from './locate.js';
export type { Diagnostic } from './diagnostics.js';
export type { Manifest, ConfigField, ConfigFieldType } from './schema.js';
