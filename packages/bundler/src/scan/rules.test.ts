import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SCAN_RULES } from './rules.js';

describe('the scan codes', () => {
  it('are the codes the scan reports: each one it uses is in the table, and each in the table is used', () => {
    const dir = import.meta.dirname;
    const used = new Set<string>();
    for (const file of readdirSync(dir).filter(
      (f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && f !== 'rules.ts',
    )) {
      for (const m of readFileSync(join(dir, file), 'utf8').matchAll(/code: '(scan\.[a-z_]+)'/g)) used.add(m[1]!);
    }
    expect([...used].sort()).toEqual(Object.keys(SCAN_RULES).sort());
  });
});
