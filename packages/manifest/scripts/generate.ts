// Renders everything derived from the authored manifest schema (src/schema.ts): the published
// JSON Schema and the compiled structural check. `pnpm generate` writes them (and, from the
// repository's scripts/generate.ts, docs/rules.md); the drift test compares them with what is
// checked in.
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Ajv2020 } from 'ajv/dist/2020.js';
import standalone from 'ajv/dist/standalone/index.js';
import { z } from 'zod';
import {
  COMPONENT_ID,
  ENTRY,
  KEBAB_CASE,
  MAX_CONFIG_FIELDS,
  ORIGIN,
  PROP_NAME,
  ROUTE,
  SEMVER,
} from '../src/patterns.js';
import { manifestSchema } from '../src/schema.js';

export const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '../../..');

type Json = Record<string, unknown>;

/** The schema as authored: every object closed, a config field's type one of four. What the structural check compiles. */
export function strictSchema(): Json {
  return z.toJSONSchema(manifestSchema, { target: 'draft-2020-12' });
}

/** The schema of a property, by its path of property names: `props(schema, 'contributes', 'site')`. */
const props = (node: unknown, ...path: string[]): Json =>
  path.reduce((n, key) => (n.properties as Record<string, Json>)[key]!, node as Json);

/** Editor keywords the published schema carries beside JSON Schema's: VS Code shows them. */
export const EDITOR_KEYWORDS = ['patternErrorMessage', 'markdownDescription'];

/**
 * The published JSON Schema (draft 2020-12), what editors check manifest.json with. It gives the
 * CLI's verdict: an error where the CLI reports an error, nothing where the CLI only warns.
 * From the authored schema it differs in what the platform drops rather than refuses (unknown
 * keys, config fields of an unknown type, fields past the 50th are allowed) and in the rules
 * a pattern or if/then can say (entry, origins, routes, a select's options), each with a
 * readable message. The rules no JSON Schema can say are in docs/design/manifest.md.
 */
export function publishedSchema(): Json {
  const schema = structuredClone(strictSchema());
  open(schema);
  const patterned = (node: Json, pattern: string, message: string) =>
    Object.assign(node, { pattern, patternErrorMessage: message });

  patterned(
    props(schema, 'id'),
    KEBAB_CASE,
    'The id is kebab-case: lower-case letters and digits in words joined by single hyphens, such as "weather-widget".',
  );
  patterned(
    props(schema, 'version'),
    SEMVER,
    'The version is a semantic version MAJOR.MINOR.PATCH, with an optional -prerelease and +build, such as "1.2.0" or "2.0.0-rc.1" (no "v", no leading zeros).',
  );
  patterned(
    props(schema, 'entry'),
    ENTRY,
    'The entry is the bundle\'s plain relative path inside the artifact, such as "dist/index.js": no URL, no leading "/", no "..", "\\\\", "?", "#" or "%".',
  );
  patterned(
    props(schema, 'capabilities', 'network').items as Json,
    ORIGIN,
    'A network entry is an origin, scheme://host[:port] with https, wss, http or ws, and nothing more: no path, query, credentials or wildcard.',
  );
  for (const key of ['routes', 'orgRoutes'])
    patterned(
      props(schema, 'contributes', 'console', key).items as Json,
      ROUTE,
      'A route is a path starting with "/", such as "/deal-board": no "//" at its start, no "." or ".." segment, whitespace, "?", "#" or "\\\\".',
    );
  patterned(
    props(schema, 'contributes', 'site', 'components').items as Json,
    COMPONENT_ID,
    'A component id is <publisher handle>.<manifest id>.<role>, each part kebab-case, such as "your-handle.weather-widget.card".',
  );
  patterned(
    props(schema, 'contributes', 'site', 'functionBindings').additionalProperties as Json,
    PROP_NAME,
    'A function binding names a plain prop (an identifier such as "onPickFn"), declared in capabilities.props.',
  );

  // A config field of a type the platform does not know is dropped, and so is every field past
  // the 50th: neither is an error. A field of a known type is checked in full, a select's options too.
  const fields = props(schema, 'config', 'fields');
  const field = fields.items as Json;
  const type = props(field, 'type');
  const known = { type: 'object', properties: { type: { enum: type.enum } } };
  const select = {
    if: { type: 'object', properties: { type: { const: 'select' } } },
    then: { type: 'object', required: ['options'], properties: { options: { type: 'array', minItems: 1 } } },
  };
  const configField = {
    description: field.description,
    type: 'object',
    required: ['type'],
    properties: { type: { description: type.description, examples: type.enum } },
    if: known,
    then: { ...field, description: undefined, allOf: [select] },
  };
  delete (configField.then as Json).description;
  delete fields.items;
  Object.assign(fields, {
    prefixItems: Array.from({ length: MAX_CONFIG_FIELDS }, () => ({ $ref: '#/$defs/configField' })),
  });
  return {
    $schema: schema.$schema,
    $id: 'https://extkit.dev/schemas/manifest.schema.json',
    ...schema,
    $defs: { configField },
  };
}

/** Leaves every object open: unknown keys are the CLI's warning, never the editor's error. */
function open(node: unknown): void {
  if (Array.isArray(node)) return node.forEach(open);
  if (typeof node !== 'object' || node === null) return;
  const n = node as Json;
  if (n.additionalProperties === false) delete n.additionalProperties;
  for (const value of Object.values(n)) open(value);
}

export const renderJsonSchema = (): string => JSON.stringify(publishedSchema(), null, 2) + '\n';

/**
 * What the CLI's structural check compiles: the authored schema less three checks whose work the
 * rule pass does in a walk it makes anyway. The manifest's own keys are enumerated by the rules
 * (`src/structural.ts`), which report the unknown ones and count them for the duplicate-key check
 * of the same text, so ajv does not enumerate a top level of any size a second time. The
 * component ids' type and pattern are tested in the rules' one pass over the ids, with their
 * namespace and repeats (`src/checks/components.ts`), and reported where ajv would have: on
 * thousands of ids each pass costs about a JSON.parse of them. And `propertyNames: {type: "string"}` (a record's
 * keys) cannot fail on a JavaScript object, whose keys are strings, but ajv enumerates every key
 * of `config.defaults` to check it.
 */
export function cliSchema(): Json {
  const schema = strictSchema();
  delete schema.additionalProperties;
  delete props(schema, 'contributes', 'site', 'components').items;
  const drop = (node: unknown): void => {
    if (typeof node !== 'object' || node === null) return;
    const n = node as Json;
    if (JSON.stringify(n.propertyNames) === '{"type":"string"}') delete n.propertyNames;
    for (const value of Object.values(n)) drop(value);
  };
  drop(schema);
  return schema;
}

/** The structural check compiled ahead of time, so the validator loads neither zod nor ajv's compiler. */
export function renderStructuralCheck(): string {
  const ajv = new Ajv2020({ allErrors: true, strict: true, allowUnionTypes: true, code: { source: true, esm: true } });
  const validate = ajv.compile(cliSchema());
  // A CommonJS module: the default import is module.exports, the function, whose `default` is itself.
  const code = standalone.default(ajv, validate);
  // ajv's standalone output calls require() for its runtime helpers even in ESM mode.
  return `// @ts-nocheck\n// Generated by packages/manifest/scripts/generate.ts from src/schema.ts: do not edit.\nimport { createRequire } from "node:module";\nconst require = createRequire(import.meta.url);\n${code}\n`;
}

export const generatedFiles = (): Record<string, string> => ({
  'schemas/manifest.schema.json': renderJsonSchema(),
  'packages/manifest/src/structural.generated.ts': renderStructuralCheck(),
});

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  for (const [file, content] of Object.entries(generatedFiles())) {
    writeFileSync(join(repoRoot, file), content);
    process.stdout.write(`wrote ${file}\n`);
  }
}
