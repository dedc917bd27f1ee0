// @vitest-environment jsdom
import { render } from '@extkit/testing';
import { describe, expect, it } from 'vitest';
import './index';
import { formatMoney, progress } from './summary';

describe('the orders summary', () => {
  it('formats cents as money in the configured currency', () => {
    expect(formatMoney(123456, 'usd')).toBe('$1,234.56');
    expect(formatMoney(5, 'eur')).toBe('€0.05');
  });

  it('measures progress toward the target as a whole percentage', () => {
    expect(progress(500_000, 10_000)).toBe(50);
    expect(progress(2_000_000, 10_000)).toBe(100);
    expect(progress(-5, 10_000)).toBe(0);
    expect(progress(1, 0)).toBe(100);
  });
});

describe('the orders page, mounted as the host mounts it', () => {
  it('shows the month against the configured target and currency', async () => {
    const view = render('/hello-route', {
      props: { orgId: 'org_42' },
      config: { currency: 'eur', target: 20000 },
      strict: true,
    });
    await view.settled();
    expect(view.root.querySelector('h1')!.textContent).toBe('Orders this month for org_42');
    expect(view.root.querySelector('p')!.textContent).toBe('€7,342.50: 36% of the target');
    view.setConfig({});
    await view.settled();
    expect(view.root.querySelector('p')!.textContent).toBe('$7,342.50: 73% of the target');
  });

  it('asks the host to refresh', async () => {
    const view = render('/hello-route', { props: { orgId: 'org_42' }, strict: true });
    await view.settled();
    view.root.querySelector('button')!.click();
    await view.settled();
    expect(view.events).toEqual([{ name: 'refresh-requested', detail: { orgId: 'org_42' } }]);
  });
});
