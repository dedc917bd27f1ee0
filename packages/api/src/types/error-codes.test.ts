// The error code lists against the documents' tables, when the documents are beside the
// repository (../shared/seeds), so neither can drift from the other.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { conflictCodes, planRequiredCodes, unsupportedMediaTypeCodes } from './error-codes.js';

const seeds = join(import.meta.dirname, '../../../../../shared/seeds');
const documents = existsSync(seeds)
  ? readdirSync(seeds)
      .filter((f) => /^00[0-2]_.*\.txt$/.test(f))
      .map((f) => readFileSync(join(seeds, f), 'utf8'))
  : [];
const ticked = (text: string): string[] => [...text.matchAll(/`([a-z_]+)`/g)].map((m) => m[1]!);
const rows = (status: string): string[] =>
  documents.flatMap((d) => d.split('\n').filter((line) => line.startsWith(`| ${status} |`)));

describe.runIf(documents.length === 3)('error codes, against the documents', () => {
  it('conflict: every code a 409 row names', () => {
    const named = new Set(
      rows('409')
        .flatMap(ticked)
        .filter((c) => c !== 'conflict' && c !== 'validation_failed'),
    );
    named.add('subdomain_taken'); // named in document 1's site create rules, not its table
    expect([...conflictCodes].sort()).toEqual([...named].sort());
  });

  it('plan_required: the plan codes table, plus site creation site_quota', () => {
    const doc = documents.find((d) => d.includes('### plan_required codes'))!;
    const table = doc.split('### plan_required codes')[1]!.split('\n\n')[1]!;
    const codes = table
      .split('\n')
      .slice(2)
      .map((line) => line.split('|')[1]!.trim())
      .filter((c) => c !== 'absent');
    expect([...planRequiredCodes].sort()).toEqual([...codes, 'site_quota'].sort());
  });

  it('unsupported_media_type: the 415 row', () => {
    expect([...unsupportedMediaTypeCodes].sort()).toEqual(
      rows('415')
        .flatMap(ticked)
        .filter((c) => c !== 'unsupported_media_type')
        .sort(),
    );
  });
});
