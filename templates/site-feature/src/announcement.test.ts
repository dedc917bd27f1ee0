// @vitest-environment jsdom
import { render } from '@extkit/testing';
import { describe, expect, it } from 'vitest';
import './index';
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

describe('the announcement bar, mounted as the host mounts it', () => {
  it('shows the configured message, and hides on checkout pages', async () => {
    const view = render('acme.hello-feature.announcement', { props: { path: '/shop' }, strict: true });
    await view.settled();
    const bar = view.root.firstElementChild as HTMLElement;
    expect(bar.textContent).toContain('Free shipping this week');
    expect(bar.hidden).toBe(false);
    view.setProps({ path: '/checkout' });
    await view.settled();
    expect(bar.hidden).toBe(true);
    view.setConfig({ hideOnCheckout: false, message: 'Sale ends Sunday' });
    await view.settled();
    expect(bar.hidden).toBe(false);
    expect(bar.textContent).toContain('Sale ends Sunday');
  });

  it('tells the host when a visitor dismisses it', async () => {
    const view = render('acme.hello-feature.announcement', { props: { path: '/shop' }, strict: true });
    await view.settled();
    view.root.querySelector<HTMLButtonElement>('button[aria-label="Dismiss the announcement"]')!.click();
    await view.settled();
    expect((view.root.firstElementChild as HTMLElement).hidden).toBe(true);
    expect(view.events).toEqual([{ name: 'dismissed', detail: { path: '/shop' } }]);
  });
});
