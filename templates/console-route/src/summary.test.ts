import { describe, expect, it } from 'vitest';
import { formatMoney, progress } from './summary';

describe('the orders summary', () => {
  it('formats cents as money in the configured currency', () => {
    expect(formatMoney(123456, 'EUR')).toBe('€1,234.56');
    expect(formatMoney(5, 'USD')).toBe('$0.05');
  });

  it('measures progress toward the target as a whole percentage', () => {
    expect(progress(500_000, 10_000)).toBe(50);
    expect(progress(2_000_000, 10_000)).toBe(100);
    expect(progress(-5, 10_000)).toBe(0);
    expect(progress(1, 0)).toBe(100);
  });
});
