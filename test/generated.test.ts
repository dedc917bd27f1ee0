// docs/rules.md, the one table of every code the kit can print, is generated from the
// manifest's rule table and the bundler's scan codes (scripts/generate.ts).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SCAN_RULES } from '../packages/bundler/src/scan/rules.js';
import { RULES } from '../packages/manifest/src/rules.js';
import { renderRulesDoc } from '../scripts/generate.js';
import { repoRoot } from './helpers/cli.js';

describe('docs/rules.md', () => {
  const doc = readFileSync(join(repoRoot, 'docs/rules.md'), 'utf8');
  it('is up to date (run `pnpm generate`)', () => expect(doc).toBe(renderRulesDoc()));
  it('has a row and an anchor for every code the validator and the scan report', () => {
    for (const code of [...Object.keys(RULES), ...Object.keys(SCAN_RULES)])
      expect(doc).toContain(`<a id="${code}"></a>\`${code}\``);
  });
});
