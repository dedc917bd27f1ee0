import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { generatedFiles, repoRoot, strictSchema } from '../scripts/generate.js';
import { RULES } from './rules.js';
import { ruleOf } from './structural.js';

describe('generated files', () => {
  // docs/rules.md is rendered by the repository's scripts/generate.ts (with the bundler's codes): test/generated.test.ts.
  it.each(Object.keys(generatedFiles()))('%s is up to date (run `pnpm generate`)', (file) => {
    expect(readFileSync(join(repoRoot, file), 'utf8')).toBe(generatedFiles()[file]);
  });
});

type Schema = {
  type?: unknown;
  properties?: Record<string, Schema>;
  items?: Schema;
  additionalProperties?: Schema | boolean;
  required?: string[];
} & Record<string, unknown>;

/** Every code the compiled structural check can lead to, found by walking the published schema. */
function structuralCodes(schema: Schema, pointer = ''): string[] {
  const rule = ruleOf(pointer);
  const codes: string[] = [];
  const mapped: Record<string, string> = {
    minLength: 'empty',
    maxLength: 'too_long',
    minimum: 'out_of_range',
    maximum: 'out_of_range',
  };
  // A config field's type outside the enum drops the field (config.fields.type.unsupported).
  if (schema.type !== undefined && !('enum' in schema))
    codes.push(pointer === '' ? 'manifest.not_object' : `${rule}.wrong_type`);
  for (const [keyword, problem] of Object.entries(mapped))
    if (keyword in schema && !(keyword === 'maximum' && schema.maximum === Number.MAX_SAFE_INTEGER))
      codes.push(`${rule}.${problem}`);
  for (const name of schema.required ?? []) codes.push(`${ruleOf(`${pointer}/${name}`)}.missing`);
  for (const [name, sub] of Object.entries(schema.properties ?? {}))
    codes.push(...structuralCodes(sub, `${pointer}/${name}`));
  if (schema.items) codes.push(...structuralCodes(schema.items, `${pointer}/0`));
  if (typeof schema.additionalProperties === 'object')
    codes.push(...structuralCodes(schema.additionalProperties, `${pointer}/key`));
  return codes;
}

describe('the rule table', () => {
  it('registers every code the structural check can report', () => {
    const schema = strictSchema() as Schema; // what the structural check compiles
    const codes = new Set(structuralCodes(schema));
    expect(codes.size).toBeGreaterThan(40);
    expect([...codes].filter((c) => !Object.hasOwn(RULES, c))).toEqual([]);
  });

  it('names a source and a description for every code', () => {
    for (const [code, rule] of Object.entries(RULES)) {
      expect(code).toMatch(/^\$?[a-zA-Z]+(\.[a-zA-Z]+)*\.[a-z0-9_]+$/);
      expect(['platform', 'kit']).toContain(rule.source);
      expect(rule.checks.length).toBeGreaterThan(10);
    }
  });
});
