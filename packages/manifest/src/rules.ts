// Every diagnostic code the validator can report: its severity, what it checks,
// and where the rule comes from. docs/rules.md is generated from this table,
// and a test fails when the validator reports a code that is not in it.
import { CAPABILITY_RULES } from './rules/capabilities.js';
import { CONFIG_RULES } from './rules/config.js';
import { CONTRIBUTES_RULES } from './rules/contributes.js';
import { DOCUMENT_RULES } from './rules/document.js';
import { PROJECT_RULES } from './rules/project.js';

/** Every rule, in the order docs/rules.md lists them: the file and top-level fields, capabilities, contributes, config, the project. */
export const RULES = {
  ...DOCUMENT_RULES,
  ...CAPABILITY_RULES,
  ...CONTRIBUTES_RULES,
  ...CONFIG_RULES,
  ...PROJECT_RULES,
};

export type DiagnosticCode = keyof typeof RULES;

export const isDiagnosticCode = (code: string): code is DiagnosticCode => Object.hasOwn(RULES, code);

/** Where the rule table is published; each code is an anchor in it. */
export const RULES_URL = 'https://extkit.dev/docs/rules.md';

/** The documentation of a code: `https://extkit.dev/docs/rules.md#entry.escapes_root`. */
export const ruleUrl = (code: string): string => `${RULES_URL}#${code}`;
