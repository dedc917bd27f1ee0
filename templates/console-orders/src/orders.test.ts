// @vitest-environment jsdom
import { render } from '@extkit/testing';
import { describe, expect, it } from 'vitest';
import './index';
import { canShip, formatTotal, lastShipment, shipment } from './orders';

describe('the orders logic', () => {
  it('records a shipment from paid or partially fulfilled orders only (002 §3)', () => {
    expect(
      ['pending', 'paid', 'partially_fulfilled', 'fulfilled', 'delivered', 'cancelled', 'refunded'].filter((status) =>
        canShip({ status: status as never }),
      ),
    ).toEqual(['paid', 'partially_fulfilled']);
  });

  it('formats integer cents as US dollars', () => {
    expect(formatTotal(123456)).toBe('$1,234.56');
    expect(formatTotal(5)).toBe('$0.05');
  });

  it('trims a shipment to what the platform keeps, and leaves out what is empty', () => {
    expect(shipment('  UPS ', ' 1Z999 ')).toEqual({ status: 'fulfilled', carrier: 'UPS', trackingNumber: '1Z999' });
    expect(shipment('', '')).toEqual({ status: 'fulfilled' });
    expect(shipment('c'.repeat(50), 't'.repeat(70))).toEqual({
      status: 'fulfilled',
      carrier: 'c'.repeat(40),
      trackingNumber: 't'.repeat(60),
    });
  });

  it('describes the latest shipment', () => {
    expect(lastShipment({ fulfillments: [] })).toBe('');
    expect(
      lastShipment({
        fulfillments: [
          { id: 'f1', lineItemIds: [0], carrier: 'UPS', trackingNumber: '1Z9', at: '2026-05-01T10:00:00Z' },
        ],
      }),
    ).toBe('UPS 1Z9 (2026-05-01)');
  });
});

describe('the orders page, mounted as the host mounts it', () => {
  it('asks for an API key before it calls the platform', async () => {
    const view = render('/hello-orders', { strict: true });
    await view.settled();
    expect(view.root.querySelector('[role="status"]')!.textContent).toBe(
      'Enter an organization API key with sites:read, orders:read and orders:write in the settings.',
    );
    expect(view.root.querySelectorAll('tbody tr')).toHaveLength(0);
  });
});
