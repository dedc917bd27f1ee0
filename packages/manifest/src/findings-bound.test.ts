import { describe, expect, it } from 'vitest';
import { minimal } from './__fixtures__/minimal.js';
import { validateTextListing } from './parse.js';
import { LISTED_UNKNOWN_KEYS } from './rules/listed.js';
import { validateManifest } from './validate.js';

const WRONG = 'contributes.site.components.wrong_type';
const withIds = (n: number) => ({ ...minimal, contributes: { site: { components: Array<number>(n).fill(1) } } });

describe("kit policy: a manifest's first 10,000 findings of one code are listed", () => {
  it('lists 10,000 of a flood and counts the rest in one more finding at the next', () => {
    const { errors } = validateManifest(withIds(LISTED_UNKNOWN_KEYS + 3));
    const wrong = errors.filter((e) => e.code === WRONG);
    expect(wrong).toHaveLength(LISTED_UNKNOWN_KEYS + 1);
    expect(wrong[LISTED_UNKNOWN_KEYS - 1]!.message).not.toContain('more');
    const last = wrong.at(-1)!;
    expect(last.path).toBe(`/contributes/site/components/${LISTED_UNKNOWN_KEYS}`);
    expect(last.more).toBe(2);
    expect(last.message).toBe(
      `contributes.site.components[10000] must be a string, got the number 1; and 2 more ${WRONG} findings after it, not listed (kit policy: a manifest's first 10,000 findings of one code are reported one each, the rest in this one finding)`,
    );
  });

  it('gives a single finding past the bound its own message, and lists a flood under it whole', () => {
    const one = validateManifest(withIds(LISTED_UNKNOWN_KEYS + 1)).errors.filter((e) => e.code === WRONG);
    expect(one).toHaveLength(LISTED_UNKNOWN_KEYS + 1);
    expect(one.at(-1)!.message).toBe('contributes.site.components[10000] must be a string, got the number 1');
    expect(validateManifest(withIds(LISTED_UNKNOWN_KEYS)).errors.filter((e) => e.code === WRONG)).toHaveLength(
      LISTED_UNKNOWN_KEYS,
    );
  });

  it('lists every finding for validate --fix, which plans its edits from them', () => {
    const text = JSON.stringify(withIds(LISTED_UNKNOWN_KEYS + 3));
    const all = validateTextListing(text, {}, Infinity).report.errors.filter((e) => e.code === WRONG);
    expect(all).toHaveLength(LISTED_UNKNOWN_KEYS + 3);
  });
});
