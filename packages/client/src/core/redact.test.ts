import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { redact } from './redact.js';

const key = 'sk_live_THIS_KEY_MUST_NEVER_LEAK_0123456789';

describe('redact', () => {
  it.each([
    ['the whole key', `Invalid key ${key}`, 'Invalid key [redacted]'],
    ['a bearer header echoed back', `Bad header: Bearer ${key}.`, 'Bad header: Bearer [redacted].'],
    ['the key twice', `${key} and ${key}`, '[redacted] and [redacted]'],
    ['a truncated key', `Key ${key.slice(0, 20)}... revoked`, 'Key [redacted]... revoked'],
    ['a masked key (the middle of it)', `Key sk_...${key.slice(10, 30)}... revoked`, 'Key sk_...[redacted]... revoked'],
  ])('replaces %s', (_label, text, expected) => {
    expect(redact(text, key)).toBe(expected);
  });

  it('leaves text with no run of 12 of the key characters alone', () => {
    expect(redact('No such contact: sk_live_ is a prefix', key)).toBe('No such contact: sk_live_ is a prefix');
    expect(redact('', key)).toBe('');
  });

  it('leaves secrets too short to be real keys alone, instead of mangling every message', () => {
    expect(redact('keys are checked', 'k')).toBe('keys are checked');
  });

  it('never lets 12 consecutive characters of the key through, whatever surrounds them', () => {
    fc.assert(
      fc.property(
        fc.string(),
        fc.nat(key.length - 12),
        fc.integer({ min: 12, max: key.length }),
        fc.string(),
        (before, start, length, after) => {
          const out = redact(before + key.slice(start, start + length) + after, key);
          for (let i = 0; i + 12 <= key.length; i++) if (out.includes(key.slice(i, i + 12))) return false;
          return true;
        },
      ),
      { numRuns: 300 },
    );
  });
});
