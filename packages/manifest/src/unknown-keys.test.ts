import { describe, expect, it } from 'vitest';
import { minimal } from './__fixtures__/minimal.js';
import { validateManifestText } from './parse.js';
import { diagnosticPositions } from './text/positions.js';
import { LISTED_UNKNOWN_KEYS } from './unknown-keys.js';
import { validateManifest } from './validate.js';

const valid = { ...minimal, capabilities: { props: ['city'] } };
const keys = (n: number, prefix: string) =>
  Object.fromEntries(Array.from({ length: n }, (_, i) => [`${prefix}${i}`, i]));
const POLICY =
  "(kit policy: an object's first 10,000 unknown keys are reported one each, the rest in this one finding)";
const PROPERTIES =
  "(kit policy: a manifest's first 10,000 unknown keys are reported one each, the rest in this one finding)";

describe("an object's unknown keys past the first 10,000 (kit policy)", () => {
  it('are counted in one finding at the first of them, after the 10,000 reported one each', () => {
    expect(LISTED_UNKNOWN_KEYS).toBe(10_000);
    const report = validateManifest({ ...valid, ...keys(10_004, 'x'), 'a/b': 1 }, { publisher: 'acme' });
    expect(report.valid).toBe(true);
    expect(report.warnings).toHaveLength(10_001);
    expect(report.warnings.every((w) => w.code === 'manifest.unknown_property')).toBe(true);
    expect(report.warnings[9_999]).toEqual({
      code: 'manifest.unknown_property',
      path: '/x9999',
      message: 'x9999 is not a manifest property; it is ignored',
    });
    expect(report.warnings[10_000]).toEqual({
      code: 'manifest.unknown_property',
      path: '/x10000',
      message: `x10000 and 4 more keys after it are not manifest properties; they are ignored ${PROPERTIES}`,
      more: 4,
    });
    expect(Object.keys(report.manifest!).some((k) => k.startsWith('x') || k === 'a/b')).toBe(false);
  });

  it('are reported one each up to 10,001, where a count would stand for one key', () => {
    const report = validateManifest({ ...valid, ...keys(10_001, 'x') }, { publisher: 'acme' });
    expect(report.warnings).toHaveLength(10_001);
    expect(report.warnings.at(-1)!.message).toBe('x10000 is not a manifest property; it is ignored');
    const two = validateManifest({ ...valid, ...keys(10_000, 'x'), 'a/b': 1, 'c/d': 2 }, { publisher: 'acme' });
    expect(two.warnings.at(-1)).toEqual({
      code: 'manifest.unknown_property',
      path: '/a~1b',
      message: `["a/b"] and 1 more key after it are not manifest properties; they are ignored ${PROPERTIES}`,
      more: 1,
    });
  });

  it('are counted so in a nested object too, by its readable path', () => {
    const report = validateManifest(
      { ...valid, capabilities: { props: ['city'], ...keys(10_003, 'y') } },
      { publisher: 'acme' },
    );
    expect(report.warnings).toHaveLength(10_001);
    expect(report.warnings[0]!.path).toBe('/capabilities/y0');
    expect(report.warnings[10_000]).toEqual({
      code: 'manifest.unknown_property',
      path: '/capabilities/y10000',
      message: `capabilities.y10000 and 2 more keys after it in capabilities are not manifest properties; they are ignored ${PROPERTIES}`,
      more: 2,
    });
  });

  it('are silenced with the code they share, and the count finding is placed at its key', () => {
    const text = JSON.stringify({ ...valid, ...keys(20_000, 'x') }, null, 2);
    const quiet = validateManifestText(text, { publisher: 'acme', ignore: ['manifest.unknown_property'] });
    expect(quiet.report.warnings).toEqual([]);
    // Every key the findings stand for, the counted ones too.
    expect(quiet.report.silenced).toBe(20_000);
    const { report, keysRepeat } = validateManifestText(text, { publisher: 'acme' });
    const at = diagnosticPositions(text, report.warnings, { keysRepeat });
    const line = text.split('\n').findIndex((l) => l.startsWith('  "x10000":')) + 1;
    expect(at[10_000]).toEqual({ line, column: 3 });
    expect(at[0]).toEqual({ line: line - 10_000, column: 3 });
    expect(report.warnings[10_000]!.message).toMatch(/^x10000 and 9,999 more keys after it/);
  });

  it('are counted so in config.defaults, among the defaults that name a field', () => {
    const fields = [{ key: 'days', label: 'Days', type: 'number' }];
    const defaults = { ...keys(6_000, 'd'), days: '7', ...keys(4_003, 'e'), 'a/b': 1 };
    const report = validateManifest({ ...valid, config: { fields, defaults } }, { publisher: 'acme' });
    expect(report.valid).toBe(true);
    expect(report.warnings).toHaveLength(10_001);
    expect(report.warnings.every((w) => w.code === 'config.defaults.unknown_key')).toBe(true);
    expect(report.warnings[9_999]).toEqual({
      code: 'config.defaults.unknown_key',
      path: '/config/defaults/e3999',
      message: 'default for "e3999", which is not a config field (or was dropped); it is ignored',
    });
    expect(report.warnings[10_000]).toEqual({
      code: 'config.defaults.unknown_key',
      path: '/config/defaults/e4000',
      message: `default for "e4000" and 3 more keys after it in config.defaults are not config fields (or were dropped); they are ignored ${POLICY}`,
      more: 3,
    });
    // The field's default is still coerced and kept; every unknown one is dropped, counted or not.
    expect(report.manifest!.config!.defaults).toEqual({ days: 7 });
  });

  it('in config.defaults are reported one each up to 10,001, and placed and silenced as the others', () => {
    const config = (defaults: object) => ({ ...valid, config: { fields: [], defaults } });
    const one = validateManifest(config(keys(10_001, 'd')), { publisher: 'acme' });
    expect(one.warnings).toHaveLength(10_001);
    expect(one.warnings.at(-1)!.message).toBe(
      'default for "d10000", which is not a config field (or was dropped); it is ignored',
    );
    const text = JSON.stringify(config({ ...keys(10_000, 'd'), 'a/"b': 1, ...keys(2, 'z') }), null, 2);
    const { report, keysRepeat } = validateManifestText(text, { publisher: 'acme' });
    expect(report.warnings[10_000]).toEqual({
      code: 'config.defaults.unknown_key',
      path: '/config/defaults/a~1"b',
      message: `default for "a/\\"b" and 2 more keys after it in config.defaults are not config fields (or were dropped); they are ignored ${POLICY}`,
      more: 2,
    });
    const at = diagnosticPositions(text, report.warnings, { keysRepeat });
    const line = text.split('\n').findIndex((l) => l.startsWith('      "a/\\"b":')) + 1;
    expect(at[10_000]).toEqual({ line, column: 7 });
    const quiet = validateManifestText(text, { publisher: 'acme', ignore: ['config.defaults.unknown_key'] });
    expect(quiet.report.warnings).toEqual([]);
    expect(quiet.report.silenced).toBe(10_003);
  });

  it('are bounded for the whole manifest as properties, however they are spread over its objects', () => {
    // 30 select options of 400 unknown keys each: 12,000, no object near 10,000.
    const options = Array.from({ length: 30 }, (_, o) => ({ value: `v${o}`, label: 'L', ...keys(400, 'z') }));
    const report = validateManifest(
      { ...valid, config: { fields: [{ key: 'c', label: 'C', type: 'select', options }] } },
      { publisher: 'acme' },
    );
    expect(report.warnings).toHaveLength(10_001);
    expect(report.warnings.every((w) => w.code === 'manifest.unknown_property')).toBe(true);
    expect(report.warnings[10_000]).toEqual({
      code: 'manifest.unknown_property',
      path: '/config/fields/0/options/25/z0',
      message: `config.fields[0].options[25].z0 and 1,999 more keys after it in config.fields[0].options[25] and other objects are not manifest properties; they are ignored ${PROPERTIES}`,
      more: 1999,
    });
    // The top level's keys count toward the same bound.
    const both = validateManifest(
      { ...valid, ...keys(10_000, 'x'), capabilities: { props: ['city'], ...keys(5, 'y') } },
      { publisher: 'acme' },
    );
    expect(both.warnings).toHaveLength(10_001);
    expect(both.warnings[10_000]).toEqual({
      code: 'manifest.unknown_property',
      path: '/capabilities/y0',
      message: `capabilities.y0 and 4 more keys after it in capabilities are not manifest properties; they are ignored ${PROPERTIES}`,
      more: 4,
    });
  });
});
