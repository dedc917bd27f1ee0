import { describe, expect, it } from 'vitest';
import { shouldShow, toneColors } from './announcement';

describe('the announcement bar', () => {
  it('shows on ordinary pages', () => {
    expect(shouldShow('/products/42', { dismissed: false, hideOnCheckout: true })).toBe(true);
    expect(shouldShow(undefined, { dismissed: false, hideOnCheckout: true })).toBe(true);
  });

  it('hides on checkout pages only when configured to', () => {
    expect(shouldShow('/checkout', { dismissed: false, hideOnCheckout: true })).toBe(false);
    expect(shouldShow('/checkout/pay', { dismissed: false, hideOnCheckout: true })).toBe(false);
    expect(shouldShow('/checkout', { dismissed: false, hideOnCheckout: false })).toBe(true);
    expect(shouldShow('/checkouts-guide', { dismissed: false, hideOnCheckout: true })).toBe(true);
  });

  it('stays hidden once dismissed', () => {
    expect(shouldShow('/', { dismissed: true, hideOnCheckout: false })).toBe(false);
  });

  it('has a look per tone', () => {
    expect(toneColors('sale').background).not.toBe(toneColors('info').background);
  });
});
