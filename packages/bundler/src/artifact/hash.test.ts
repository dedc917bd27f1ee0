import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { canonicalListing, integrityOf, sha256Hex } from './hash.js';
import { makeRecord, parseRecord, serializeRecord } from './record.js';

describe('the canonical listing and the integrity', () => {
  it("lists `<sha256>  <path>\\n` ordered by the paths' UTF-8 bytes, whatever the input order", () => {
    const files = [
      { path: 'manifest.json', sha256: 'b'.repeat(64) },
      { path: 'dist/index.js', sha256: 'a'.repeat(64) },
      { path: 'Z.js', sha256: 'c'.repeat(64) },
    ];
    expect(canonicalListing(files)).toBe(
      `${'c'.repeat(64)}  Z.js\n${'a'.repeat(64)}  dist/index.js\n${'b'.repeat(64)}  manifest.json\n`,
    );
    expect(integrityOf(files)).toBe(integrityOf([...files].reverse()));
    expect(integrityOf(files)).toBe(`sha256-${createHash('sha256').update(canonicalListing(files)).digest('base64')}`);
  });

  it('changes when any byte, path or file changes', () => {
    const one = makeRecord('x', '1.0.0', null, new Map([['a.js', Buffer.from('1')]]));
    expect(makeRecord('x', '1.0.0', null, new Map([['a.js', Buffer.from('2')]])).integrity).not.toBe(one.integrity);
    expect(makeRecord('x', '1.0.0', null, new Map([['b.js', Buffer.from('1')]])).integrity).not.toBe(one.integrity);
    expect(
      makeRecord(
        'x',
        '1.0.0',
        null,
        new Map([
          ['a.js', Buffer.from('1')],
          ['b.js', Buffer.alloc(0)],
        ]),
      ).integrity,
    ).not.toBe(one.integrity);
    expect(one.files).toEqual([{ path: 'a.js', size: 1, sha256: sha256Hex('1') }]);
  });
});

describe('artifact.json', () => {
  it('serializes with a fixed key order and reads back', () => {
    const record = makeRecord('x', '1.0.0', '@acme/x', new Map([['m.json', Buffer.from('{}')]]));
    const text = serializeRecord(record);
    expect(Object.keys(JSON.parse(text))).toEqual(['artifact', 'id', 'version', 'source', 'files', 'integrity']);
    expect(text.endsWith('}\n')).toBe(true);
    expect(parseRecord(text)).toEqual(record);
  });

  it('says what is wrong with a record that is not one', () => {
    expect(parseRecord('[')).toMatch(/not JSON/);
    expect(parseRecord('{"artifact":2}')).toMatch(/"artifact": 1/);
    expect(parseRecord('{"artifact":1,"id":"x","version":"1.0.0","integrity":"i","files":[{"path":1}]}')).toMatch(
      /"files"/,
    );
  });
});
