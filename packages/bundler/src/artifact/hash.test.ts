import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalListing, integrityOf, sha256Hex } from './hash.js';
import { makeRecord, parseRecord, serializeRecord } from './record.js';

const files = [
  { path: 'manifest.json', sha256: 'b'.repeat(64) },
  { path: 'dist/index.js', sha256: 'a'.repeat(64) },
  { path: 'Z.js', sha256: 'c'.repeat(64) },
];

describe('the canonical listing and the integrity', () => {
  it("is, in format 2, the JSON list of [path, sha256] ordered by the paths' UTF-8 bytes, whatever the input order", () => {
    expect(canonicalListing(files)).toBe(
      `[["Z.js","${'c'.repeat(64)}"],["dist/index.js","${'a'.repeat(64)}"],["manifest.json","${'b'.repeat(64)}"]]`,
    );
    expect(integrityOf(files)).toBe(integrityOf([...files].reverse()));
    expect(integrityOf(files)).toBe(`sha256-${createHash('sha256').update(canonicalListing(files)).digest('base64')}`);
  });

  it('is, in format 1, the sha256sum lines older records were hashed over', () => {
    expect(canonicalListing(files, 1)).toBe(
      `${'c'.repeat(64)}  Z.js\n${'a'.repeat(64)}  dist/index.js\n${'b'.repeat(64)}  manifest.json\n`,
    );
    expect(integrityOf(files, 1)).not.toBe(integrityOf(files, 2));
  });

  it('reads back, in format 2, as exactly the list it was made of, whatever the paths hold: one listing names one set of files', () => {
    const entry = fc.record({ path: fc.string({ unit: 'binary' }), sha256: fc.stringMatching(/^[0-9a-f]{64}$/) });
    fc.assert(
      fc.property(fc.uniqueArray(entry, { selector: (e) => e.path }), (list) => {
        const sorted = [...list].sort((a, b) => Buffer.compare(Buffer.from(a.path), Buffer.from(b.path)));
        const back = JSON.parse(canonicalListing(list)) as Array<[string, string]>;
        expect(back).toEqual(sorted.map((f) => [f.path, f.sha256]));
        // Never a format-1 listing: that starts with a hex digit (or is empty), this with "[".
        expect(canonicalListing(list).startsWith('[')).toBe(true);
      }),
      { numRuns: 300 },
    );
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
    expect(one.artifact).toBe(2);
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

  it('says what is wrong with a record that is not one, and names a format it does not know apart', () => {
    expect(parseRecord('[')).toMatchObject({
      code: 'verify.record_unreadable',
      reason: expect.stringMatching(/not JSON/),
    });
    expect(parseRecord('{"artifact":"2"}')).toMatchObject({ code: 'verify.record_unreadable' });
    expect(parseRecord('{"artifact":3}')).toMatchObject({
      code: 'verify.record_format',
      reason: expect.stringMatching(/formats 1 and 2.*update extkit/),
    });
    expect(parseRecord('{"artifact":1,"id":"x","version":"1.0.0","integrity":"i","files":[{"path":1}]}')).toMatchObject(
      { reason: expect.stringMatching(/"files"/) },
    );
    expect(
      parseRecord(
        '{"artifact":2,"id":"x","version":"1.0.0","integrity":"i","files":[{"path":"a","size":1,"sha256":"A"}]}',
      ),
    ).toMatchObject({ reason: expect.stringMatching(/64 lowercase hex/) });
  });
});
