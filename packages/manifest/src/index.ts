export { validateManifest, isStrictSemver, type ValidateOptions, type ValidationReport } from './validate.js';
export { parseManifestText, readManifest, locatePointer, type ParseResult, type ReadManifestResult } from './parse.js';
export { findManifest, readPublisher, type ManifestLocation } from './locate.js';
export { RULES, type DiagnosticCode, type Rule, type RuleSource, type Severity } from './rules.js';
export { structuralCheck } from './structural.js';
export { isKebabCase, MAX_CONFIG_FIELDS, CONFIG_FIELD_TYPES } from './patterns.js';
export type { Diagnostic } from './diagnostics.js';
export type { Manifest, ConfigField, ConfigFieldType } from './schema.js';
