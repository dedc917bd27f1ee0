// Runs the compiled structural check and maps ajv's errors onto the kit's own
// codes by keyword and instance path, so users never see raw ajv text.
import { COMPONENTS, type ComponentScan } from './checks/components.js';
import { describe, isObject, type Reporter } from './diagnostics.js';
import { KNOWN_KEYS, suggestKey } from './known-keys.js';
import { join, readable, tokens, withKey } from './pointer.js';
import { isDiagnosticCode, type DiagnosticCode } from './rules.js';
import { validate as compiledCheck } from './structural.generated.js';
import { reportUnknownTopLevel, UnknownProperties } from './unknown-keys.js';

interface AjvError {
  instancePath: string;
  keyword: string;
  params: Record<string, unknown>;
}
type CompiledCheck = ((data: unknown) => boolean) & { errors?: AjvError[] | null };

/**
 * The compiled structural check alone: what the benchmark sets full validation beside. It leaves
 * the manifest's own keys and the component ids' form to the rule pass (`checkStructure` reports
 * them), so it passes a manifest whose only faults are an unknown top-level key or an id out of form.
 */
export const structuralCheck = compiledCheck as unknown as CompiledCheck;

// Objects whose keys are the user's own (component ids, field keys), not part of the rule name.
const DYNAMIC_KEYS = new Set(['functionBindings', 'defaults']);

/** The rule a pointer falls under: `/config/fields/3/options/0/value` is `config.fields.options.value`. */
export function ruleOf(pointer: string): string {
  const parts: string[] = [];
  let skipNext = false;
  for (const token of tokens(pointer)) {
    if (skipNext) {
      skipNext = false;
      continue;
    }
    if (/^(0|[1-9]\d*)$/.test(token)) continue;
    parts.push(token);
    if (DYNAMIC_KEYS.has(token)) skipNext = true;
  }
  return parts.length ? parts.join('.') : 'manifest';
}

const PATTERN_PROBLEMS: Record<string, { problem: string; expected: string }> = {
  id: {
    problem: 'not_kebab_case',
    expected: 'kebab-case: lower-case letters and digits in words joined by single hyphens',
  },
  version: {
    problem: 'not_semver',
    expected:
      'a semantic version MAJOR.MINOR.PATCH, with an optional -prerelease and +build (at most 128 characters, each of MAJOR, MINOR and PATCH at most 15 digits)',
  },
  'contributes.site.components': {
    problem: 'not_component_id',
    expected: 'a component id <publisher handle>.<manifest id>.<role>, each part kebab-case',
  },
  'contributes.site.functionBindings': {
    problem: 'not_prop_name',
    expected: 'a plain prop name (an identifier such as "onPickFn")',
  },
};

const article = (type: string): string =>
  ({
    object: 'an object',
    array: 'an array',
    integer: 'an integer',
    number: 'a number',
    string: 'a string',
    boolean: 'a boolean',
  })[type] ?? type;

function valueAt(root: unknown, pointer: string): unknown {
  let cur = root;
  for (const t of tokens(pointer)) {
    if (typeof cur !== 'object' || cur === null || !Object.hasOwn(cur, t)) return undefined;
    cur = (cur as Record<string, unknown>)[t];
  }
  return cur;
}

function kebabSuggestion(value: unknown): string {
  if (typeof value !== 'string') return '';
  const s = value
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return s && s !== value ? ` (for example "${s}")` : '';
}

/**
 * Checks the manifest's structure and reports what is wrong.
 * `ignored(input)` gives a test naming subtrees whose problems are not reported (fields past the
 * 50th, fields of a dropped type), because the platform never reads them.
 * `components` is the pass over the component ids, which checks their form in place of the
 * compiled check (scripts/generate.ts): its findings are reported where that check put them.
 * Returns whether the structure is sound, so later rules can rely on its patterns.
 */
export function checkStructure(
  input: unknown,
  reporter: Reporter,
  ignored: (input: Record<string, unknown>) => (pointer: string) => boolean,
  components?: ComponentScan,
): boolean {
  // The top level's unknown keys come first, as ajv would report them (before what is inside).
  // One bound on the unknown keys reported one each, for the whole manifest (unknown-keys.ts).
  const properties = new UnknownProperties();
  const unknownKeys = isObject(input) ? reportUnknownTopLevel(input, reporter, properties) : 0;
  const misshapen = components?.misshapen ?? [];
  let next = 0;
  const itemParent: ParentLabel = { pointer: undefined, text: '' };
  const reportMisshapen = (before: string | undefined) => {
    for (; next < misshapen.length && (before === undefined || follows(before, misshapen[next]!)); next++) {
      const path = join(COMPONENTS, misshapen[next]!);
      const item = components!.list[misshapen[next]!];
      const finding =
        typeof item === 'string'
          ? patternFinding('contributes.site.components', path, item, input)
          : mapError({ instancePath: path, keyword: 'type', params: { type: 'string' } }, input, itemParent);
      reporter.reportStructural(finding!.code, finding!.path, finding!.message);
    }
  };
  if (structuralCheck(input)) {
    properties.finish();
    reportMisshapen(undefined);
    return unknownKeys === 0 && misshapen.length === 0;
  }
  const ignore = isObject(input) ? ignored(input) : () => false;
  const parent: ParentLabel = { pointer: undefined, text: '' };
  // Unknown keys, the one finding there can be a great many of, are told apart by their parent's
  // pointer and the key itself (a property name JSON.parse already hashed), not by a new pointer.
  const unknown = new Map<string, Set<string>>();
  // Past the bound, whether an object's keys are ignored: `ignored` names subtrees of whole fields, so all or none are.
  const skipped = new Map<string, boolean>();
  for (const e of structuralCheck.errors ?? []) {
    reportMisshapen(e.instancePath);
    if (e.keyword === 'additionalProperties') {
      const key = String(e.params.additionalProperty);
      let keys = unknown.get(e.instancePath);
      if (keys === undefined) unknown.set(e.instancePath, (keys = new Set()));
      else if (keys.has(key)) continue;
      keys.add(key);
      if (properties.counting) {
        let skip = skipped.get(e.instancePath);
        if (skip === undefined) skipped.set(e.instancePath, (skip = ignore(join(e.instancePath, key))));
        if (!skip) properties.count(e.instancePath);
        continue;
      }
    }
    const mapped = mapError(e, input, parent);
    if (!mapped || ignore(mapped.path)) continue;
    if (mapped.code !== 'manifest.unknown_property')
      reporter.reportStructural(mapped.code, mapped.path, mapped.message);
    else if (properties.take()) reporter.add(mapped.code, mapped.path, mapped.message);
    else
      properties.start(
        reporter.add(mapped.code, mapped.path, mapped.message),
        parent.text,
        e.instancePath,
        String(e.params.additionalProperty),
      );
  }
  properties.finish();
  reportMisshapen(undefined);
  return false;
}

/** The readable path of the object the last unknown key was in, made once per object rather than once per key. */
interface ParentLabel {
  pointer: string | undefined;
  text: string;
}

function mapError(
  e: AjvError,
  input: unknown,
  parent: ParentLabel,
): { code: DiagnosticCode; path: string; message: string } | undefined {
  let path = e.instancePath;
  const label = (pointer: string) => readable(pointer, input);
  if (e.keyword === 'additionalProperties') {
    const key = String(e.params.additionalProperty);
    if (parent.pointer !== path) [parent.pointer, parent.text] = [path, path === '' ? '' : label(path)];
    return {
      code: 'manifest.unknown_property',
      path: join(path, key),
      message: `${withKey(parent.text, key)} is not a manifest property; it is ignored${suggestKey(key, e.instancePath)}`,
    };
  }
  const rule = ruleOf(path);
  const value = valueAt(input, path);
  let problem: string;
  let message: string;
  switch (e.keyword) {
    case 'required': {
      path = join(path, String(e.params.missingProperty));
      problem = 'missing';
      message = `${label(path)} is required`;
      return finish(ruleOf(path), problem, path, message);
    }
    case 'type': {
      if (path === '')
        return { code: 'manifest.not_object', path, message: `A manifest is a JSON object, got ${describe(value)}` };
      const expected = Array.isArray(e.params.type)
        ? (e.params.type as string[]).map(article).join(' or ')
        : article(String(e.params.type));
      problem = 'wrong_type';
      message = `${label(path)} must be ${expected}, got ${describe(value)}`;
      break;
    }
    case 'pattern':
      return patternFinding(rule, path, value, input);
    case 'minLength':
      problem = 'empty';
      message = `${label(path)} must not be empty`;
      break;
    case 'maxLength':
      problem = 'too_long';
      message = `${label(path)} is ${typeof value === 'string' ? countCodePoints(value) : 'over the limit'} code points long; at most ${String(e.params.limit)} are allowed`;
      break;
    case 'minimum':
    case 'maximum':
      problem = 'out_of_range';
      message = `${label(path)} must be ${e.keyword === 'minimum' ? 'at least' : 'at most'} ${String(e.params.limit)}, got ${describe(value)}`;
      break;
    default:
      // `enum` on a config field's type is reported by the config rules (the field is dropped).
      return undefined;
  }
  return finish(rule, problem, path, message);
}

/** What a string that fails its schema pattern is reported as (undefined where no code says it). */
function patternFinding(rule: string, path: string, value: unknown, input: unknown) {
  const p = PATTERN_PROBLEMS[rule];
  if (!p) return undefined;
  let message = `${readable(path, input)} is ${describe(value)}, which is not ${p.expected}${rule === 'id' ? kebabSuggestion(value) : ''}`;
  if (rule === 'version' && typeof value === 'string' && /^[vV=]/.test(value))
    message += `; drop the leading "${value[0]}"`;
  return finish(rule, p.problem, path, message);
}

function countCodePoints(s: string): number {
  let n = 0;
  for (const _ of s) n++;
  return n;
}

function finish(rule: string, problem: string, path: string, message: string) {
  const code = `${rule}.${problem}`;
  // Every code the schema can produce is registered; a test walks the schema to keep it so.
  if (!isDiagnosticCode(code)) return undefined;
  return { code, path, message };
}

// The properties the compiled check visits after the component ids (it follows the schema's
// order, which KNOWN_KEYS keeps): an error about one of them comes after the ids' own.
const AFTER_COMPONENTS = (
  [
    ['', 'contributes'],
    ['/contributes', 'site'],
    ['/contributes/site', 'components'],
  ] as const
).flatMap(([parent, key]) =>
  KNOWN_KEYS[parent]!.slice(KNOWN_KEYS[parent]!.indexOf(key) + 1).map((k) => `${parent}/${k}`),
);
const ITEM = `${COMPONENTS}/`;

/** Whether the compiled check, had it checked the ids' form, would report an error at `instancePath` after the one of component `index`. */
function follows(instancePath: string, index: number): boolean {
  if (instancePath.startsWith(ITEM)) return Number(instancePath.slice(ITEM.length)) > index;
  return AFTER_COMPONENTS.some(
    (p) => instancePath.startsWith(p) && (instancePath.length === p.length || instancePath[p.length] === '/'),
  );
}
