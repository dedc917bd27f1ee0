// Patterns and limits shared by the schema (build time) and the rules (run time).
// Kept free of zod so that the validator never loads it.

/** Lower-case words of letters and digits joined by single hyphens. */
export const KEBAB_CASE = '^[a-z0-9]+(?:-[a-z0-9]+)*$';
/** Strict Semantic Versioning 2.0.0, the pattern semver.org publishes. */
export const SEMVER =
  '^(0|[1-9]\\d*)\\.(0|[1-9]\\d*)\\.(0|[1-9]\\d*)' +
  '(?:-((?:0|[1-9]\\d*|\\d*[a-zA-Z-][0-9a-zA-Z-]*)(?:\\.(?:0|[1-9]\\d*|\\d*[a-zA-Z-][0-9a-zA-Z-]*))*))?' +
  '(?:\\+([0-9a-zA-Z-]+(?:\\.[0-9a-zA-Z-]+)*))?$';
const KEBAB_PART = '[a-z0-9]+(?:-[a-z0-9]+)*';
/** `<publisher handle>.<manifest id>.<role>`, each part kebab-case. */
export const COMPONENT_ID = `^${KEBAB_PART}\\.${KEBAB_PART}\\.${KEBAB_PART}$`;
/** A plain prop name: an identifier, no dots or brackets. */
export const PROP_NAME = '^[A-Za-z_$][A-Za-z0-9_$]*$';
export const CONFIG_FIELD_TYPES = ['string', 'number', 'boolean', 'select'] as const;
/** The platform reads at most this many config fields; the rest are ignored. */
export const MAX_CONFIG_FIELDS = 50;

const kebabCase = new RegExp(KEBAB_CASE);
export const isKebabCase = (s: string): boolean => kebabCase.test(s);
