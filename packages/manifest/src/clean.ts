// The validator's fast path. Most manifests validated break no rule, and proving
// that is cheaper than running the rule pass (checks/), which also works out what
// to report, at which pointer, and what the normalized manifest is. The proof
// answers false at the first doubt and the rule pass then runs as if it did not
// exist, so it may be incomplete but must never be wrong: whenever it says clean,
// the rule pass reports nothing and normalizes nothing (but $schema). A property
// test holds it to that (clean.test.ts), and it is built from the rule pass's own
// predicates wherever one exists.
import { hasRepeatedValue } from './checks/config.js';
import { inNamespace, routeProblem } from './checks/contributes.js';
import { isPlainScriptPath } from './checks/entry.js';
import { isCleanStringList } from './checks/lists.js';
import { isCanonicalSecure } from './checks/network.js';
import { MAX_CONFIG_FIELDS } from './patterns.js';
import type { ConfigField, Manifest } from './schema.js';

/**
 * Whether a manifest that passed the structural check breaks no semantic rule (error or
 * warning) and is its own normalized form. `publisher` is a valid handle.
 */
export function provablyClean(manifest: Manifest, publisher: string): boolean {
  if (!isPlainScriptPath(manifest.entry)) return false;
  const { capabilities, contributes, config } = manifest;
  const props = capabilities?.props;
  if (capabilities !== undefined) {
    const { network, events } = capabilities;
    if (network !== undefined && !cleanOrigins(network)) return false;
    if (props !== undefined && !isCleanStringList(props)) return false;
    if (events !== undefined && !isCleanStringList(events)) return false;
  }
  if (contributes === undefined || !cleanContributes(contributes, manifest.id, publisher, props)) return false;
  return config === undefined || cleanConfig(config);
}

function cleanOrigins(network: string[]): boolean {
  for (let i = 0; i < network.length; i++) if (!isCanonicalSecure(network[i]!)) return false;
  // Serialized origins are the same origin exactly when they are the same string.
  return isCleanStringList(network);
}

/** Clean and placing the extension somewhere (`{}` and empty lists load nowhere, a warning). */
function cleanContributes(contributes: NonNullable<Manifest['contributes']>, id: string, publisher: string, props: string[] | undefined): boolean {
  let places = false;
  const { site, console: panel } = contributes;
  if (site !== undefined) {
    const { components, features, functionBindings } = site;
    if (components !== undefined) {
      if (!isCleanStringList(components)) return false;
      for (let i = 0; i < components.length; i++) if (!inNamespace(components[i]!, publisher, id)) return false;
      places = components.length > 0;
    }
    if (features !== undefined) {
      if (!isCleanStringList(features)) return false;
      places ||= features.length > 0;
    }
    if (functionBindings !== undefined) {
      for (const key in functionBindings) {
        if (components === undefined || !components.includes(key) || props === undefined || !props.includes(functionBindings[key]!)) return false;
      }
    }
  }
  if (panel !== undefined) {
    const { slots, routes, orgRoutes, shell } = panel;
    if (slots !== undefined) {
      if (!isCleanStringList(slots)) return false;
      places ||= slots.length > 0;
    }
    if (routes !== undefined) {
      if (!cleanRoutes(routes)) return false;
      places ||= routes.length > 0;
    }
    if (orgRoutes !== undefined) {
      if (!cleanRoutes(orgRoutes)) return false;
      places ||= orgRoutes.length > 0;
    }
    places ||= shell === true;
  }
  return places;
}

function cleanRoutes(routes: string[]): boolean {
  if (!isCleanStringList(routes)) return false;
  for (let i = 0; i < routes.length; i++) if (routeProblem(routes[i]!) !== undefined) return false;
  return true;
}

// Up to this many fields a scan finds a key faster than building a Map.
const SCAN_LIMIT = 16;

function cleanConfig({ fields, defaults }: NonNullable<Manifest['config']>): boolean {
  const list = fields ?? [];
  if (list.length > MAX_CONFIG_FIELDS) return false;
  // Defaults first: one that needs coercing is the likeliest reason to leave, and the cheapest to find.
  let byKey: Map<string, ConfigField> | undefined;
  let atCursor = 0; // how many defaults were the field at the cursor
  if (defaults !== undefined) {
    let next = 0; // defaults usually follow the fields' order: try the field after the last one found
    for (const key in defaults) {
      let field = list[next];
      if (field !== undefined && field.key === key) atCursor++;
      else {
        if (list.length <= SCAN_LIMIT) field = scan(list, key);
        else field = (byKey ??= index(list)).get(key);
        if (field === undefined) return false;
        next = list.indexOf(field);
      }
      next++;
      if (!isOwnValue(field, defaults[key])) return false;
    }
  }
  for (let i = 0; i < list.length; i++) if (!cleanField(list[i]!)) return false;
  // A field at the cursor has the key of the default that found it, and no two defaults found the
  // same field (their keys differ), so when every field was found at the cursor the fields' keys
  // are keys of one object: distinct, and there is nothing left to compare.
  if (atCursor === list.length) return true;
  if (list.length <= SCAN_LIMIT) {
    for (let i = 1; i < list.length; i++) for (let j = 0; j < i; j++) if (list[i]!.key === list[j]!.key) return false;
    return true;
  }
  return (byKey ?? index(list)).size === list.length; // smaller when a key repeats
}

function scan(list: ConfigField[], key: string): ConfigField | undefined {
  for (let i = 0; i < list.length; i++) if (list[i]!.key === key) return list[i];
  return undefined;
}

/** The fields by key; with a repeated key the first field wins, as in the rule pass. */
function index(list: ConfigField[]): Map<string, ConfigField> {
  const byKey = new Map<string, ConfigField>();
  for (let i = 0; i < list.length; i++) if (!byKey.has(list[i]!.key)) byKey.set(list[i]!.key, list[i]!);
  return byKey;
}

/** A field with only the members its type uses, a number range in order, and a select's options distinct. */
function cleanField({ type, min, max, options }: ConfigField): boolean {
  if (type === 'number') return options === undefined && (min === undefined || max === undefined || min <= max);
  if (min !== undefined || max !== undefined) return false;
  if (type === 'select') return options !== undefined && options.length > 0 && !hasRepeatedValue(options);
  return options === undefined;
}

/** Whether a default is already a value of its field's type, so coercion keeps it as it is. */
function isOwnValue(field: ConfigField, value: unknown): boolean {
  switch (field.type) {
    case 'string':
      return typeof value === 'string';
    case 'boolean':
      return typeof value === 'boolean';
    case 'number':
      return typeof value === 'number' && Number.isFinite(value) && (field.min === undefined || value >= field.min) && (field.max === undefined || value <= field.max);
    case 'select': {
      const options = field.options ?? [];
      for (let i = 0; i < options.length; i++) if (options[i]!.value === value) return true;
      return false;
    }
  }
}
