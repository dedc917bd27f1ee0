import { describe, expect, it } from 'vitest';
import { headingText, nextCount } from './count';

describe('the counter', () => {
  it('adds the configured step', () => {
    expect(nextCount(0, 1)).toBe(1);
    expect(nextCount(4, 3)).toBe(7);
  });

  it('keeps the step a whole number of at least 1', () => {
    expect(nextCount(0, 0)).toBe(1);
    expect(nextCount(0, 2.6)).toBe(3);
    expect(nextCount(5, Number.NaN)).toBe(6);
  });

  it('shows the title, or a default', () => {
    expect(headingText('Summer sale')).toBe('Summer sale');
    expect(headingText(undefined)).toBe('Hello from React');
  });
});
