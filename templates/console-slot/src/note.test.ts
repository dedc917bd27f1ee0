import { describe, expect, it } from 'vitest';
import { checkNote, remaining } from './note';

describe('the notes box', () => {
  it('accepts a note within the limit, trimmed', () => {
    expect(checkNote('  Ship on Monday ', 280)).toEqual({ ok: true, note: 'Ship on Monday' });
  });

  it('refuses a blank note', () => {
    expect(checkNote('   ', 280)).toEqual({ ok: false, reason: 'Write something first.' });
  });

  it('refuses a note past the limit and says by how much', () => {
    expect(checkNote('x'.repeat(12), 10)).toEqual({ ok: false, reason: '2 characters too long (at most 10).' });
  });

  it('counts the characters used', () => {
    expect(remaining(' abc ', 280)).toBe('3 / 280');
  });
});
