import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { validateManifest } from './validate.js';

// Manifest-shaped inputs: every known key present or absent, each holding arbitrary JSON,
// so the rules see wrong types at every depth rather than only a wrong root.
const anyJson = fc.jsonValue({ maxDepth: 4 });
const manifestLike = fc.record(
  {
    id: fc.oneof(fc.constantFrom('weather-widget', 'Bad_Id'), anyJson),
    name: fc.oneof(fc.string(), anyJson),
    version: fc.oneof(fc.constantFrom('1.0.0', '1.2', '2.0.0-rc.1'), anyJson),
    entry: fc.oneof(fc.constantFrom('dist/index.js', '../x.js', 'https://x'), fc.string(), anyJson),
    hostAbi: fc.oneof(fc.integer(), anyJson),
    capabilities: fc.oneof(
      fc.record(
        {
          network: fc.array(fc.oneof(fc.webUrl(), fc.string())),
          props: fc.array(fc.string()),
          events: anyJson,
          size: anyJson,
        },
        { requiredKeys: [] },
      ),
      anyJson,
    ),
    contributes: fc.oneof(
      fc.record(
        {
          site: fc.record(
            { components: fc.array(fc.string()), functionBindings: fc.dictionary(fc.string(), fc.string()) },
            { requiredKeys: [] },
          ),
          console: anyJson,
        },
        { requiredKeys: [] },
      ),
      anyJson,
    ),
    config: fc.oneof(
      fc.record(
        {
          fields: fc.array(
            fc.record(
              {
                key: fc.string(),
                label: anyJson,
                type: fc.constantFrom('string', 'number', 'boolean', 'select', 'color'),
                min: anyJson,
                max: anyJson,
                options: anyJson,
              },
              { requiredKeys: [] },
            ),
            { maxLength: 60 },
          ),
          defaults: fc.dictionary(fc.string(), anyJson),
        },
        { requiredKeys: [] },
      ),
      anyJson,
    ),
  },
  { requiredKeys: [] },
);

describe('validateManifest on arbitrary input', () => {
  it('never throws, and answers with string codes, pointers and messages', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.jsonValue(), manifestLike),
        fc.option(fc.string(), { nil: undefined }),
        (input, publisher) => {
          const r = validateManifest(input, publisher === undefined ? {} : { publisher });
          expect(typeof r.valid).toBe('boolean');
          expect(r.valid).toBe(r.errors.length === 0);
          for (const d of [...r.errors, ...r.warnings]) {
            expect(typeof d.code).toBe('string');
            expect(d.path === '' || d.path.startsWith('/')).toBe(true);
            expect(d.message.length).toBeGreaterThan(0);
          }
          // One report per code and pointer: the rules rely on it instead of keeping a set of keys.
          const keys = [...r.errors, ...r.warnings].map((d) => `${d.code} ${d.path}`);
          expect(new Set(keys).size).toBe(keys.length);
          JSON.stringify(r);
        },
      ),
      { numRuns: 1500 },
    );
  });

  it('is deterministic: the same input gives the same report', () => {
    fc.assert(
      fc.property(fc.oneof(fc.jsonValue(), manifestLike), (input) => {
        const copy = structuredClone(input); // not a JSON round trip, which turns -0 into 0
        expect(validateManifest(copy, { publisher: 'acme' })).toEqual(validateManifest(input, { publisher: 'acme' }));
      }),
      { numRuns: 500 },
    );
  });

  it('does not change its input', () => {
    fc.assert(
      fc.property(manifestLike, (input) => {
        const before = JSON.stringify(input);
        validateManifest(input, { publisher: 'acme' });
        expect(JSON.stringify(input)).toBe(before);
      }),
      { numRuns: 300 },
    );
  });
});
