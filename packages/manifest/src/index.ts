export { validateManifest, silence, isStrictSemver, type ValidateOptions, type ValidationReport } from './validate.js';
export {
  parseManifestText,
  validateManifestText,
  readManifest,
  SYNTAX_REASONS,
  type ParseResult,
  type ReadManifestResult,
} from './parse.js';
export { diagnosticPositions, locatePointer, pointerLocator, type Position } from './text/positions.js';
export { LineIndex } from './text/lines.js';
export {
  findManifest,
  whyNoManifest,
  whyNotAFile,
  readPublisher,
  readValidatorSettings,
  validateOptionsFor,
  type ManifestLocation,
  type ValidatorSettings,
} from './locate.js';
export { RULES, ruleUrl, RULES_URL, type DiagnosticCode } from './rules.js';
export type { Rule, RuleFix, RuleSource, Severity } from './rules/rule.js';
export { namesCredential, privateHost, privateOrigin } from './checks/reach.js';
export { checkSettings } from './checks/defaults.js';
export { structuralCheck } from './structural.js';
export { isKebabCase, MAX_CONFIG_FIELDS, CONFIG_FIELD_TYPES } from './patterns.js';
export { findingCount, type Diagnostic } from './diagnostics.js';
export type { Manifest, ConfigField, ConfigFieldType } from './schema.js';
export { manifestDeclaration, TYPES_FILE } from './typegen/declaration.js';
export { writeTypes, type TypesDiagnostic, type WriteTypesOptions, type WriteTypesResult } from './typegen/write.js';
export { refreshTypes, watchTypes } from './typegen/project.js';
