// The extension's entry: registers the console route that manifest.json declares. It calls the
// platform's API at its production URL with @extkit/client and the organization key the installer
// enters in the settings; `extkit dev --emulator` routes those calls to a local emulator (docs/api.md).
import {
  InsufficientScopeError,
  PlanRequiredError,
  RateLimitedError,
  ServiceClient,
  ServiceError,
  type Order,
  type Site,
} from '@extkit/client';
import { registerRoute } from '@extkit/runtime';
import type { ExtensionMount, RoutePath } from './manifest';
import { canShip, formatTotal, lastShipment, shipment } from './orders';

const PAGE: RoutePath = '/hello-orders';
/** The platform's API, as package.json's "extkit.api" names it and capabilities.network declares its origin. */
const API = 'https://api.example.com/v1';

const el = <K extends keyof HTMLElementTagNameMap>(tag: K, text = ''): HTMLElementTagNameMap[K] => {
  const node = document.createElement(tag);
  node.textContent = text;
  return node;
};

/** What a failed call means to the person using the page. */
function explain(err: unknown): string {
  if (err instanceof InsufficientScopeError) return `The API key lacks the ${err.code ?? 'needed'} scope.`;
  if (err instanceof PlanRequiredError) return "The organization's plan does not include commerce.";
  if (err instanceof RateLimitedError)
    return `The platform is rate limiting this key: try again in ${err.retryAfter ?? 'a few'} seconds.`;
  if (err instanceof ServiceError) return err.message;
  return `The platform could not be reached (${err instanceof Error ? err.message : String(err)}).`;
}

const mount: ExtensionMount = (ctx) => {
  let { config } = ctx;
  let client: ServiceClient | undefined;
  let siteId: string | undefined;
  const heading = el('h1', 'Orders');
  const status = el('p');
  status.setAttribute('role', 'status');
  const sites = el('select');
  sites.setAttribute('aria-label', 'Site');
  const table = el('table');
  const body = el('tbody');
  const head = el('thead');
  const headRow = el('tr');
  for (const title of ['Order', 'Customer', 'Status', 'Total', 'Shipment']) headRow.append(el('th', title));
  head.append(headRow);
  table.append(head, body);
  table.hidden = true;
  // A narrow console scrolls the table rather than the page.
  const scroller = el('div');
  scroller.style.overflowX = 'auto';
  scroller.append(table);
  ctx.root.append(heading, sites, status, scroller);
  const show = (orders: Order[]): void => {
    body.replaceChildren(...orders.map(row));
    table.hidden = orders.length === 0;
  };

  const row = (order: Order): HTMLTableRowElement => {
    const tr = el('tr');
    tr.dataset['order'] = order.id;
    tr.append(
      el('td', order.number === null ? order.id : `#${order.number}`),
      el('td', order.customerName ?? order.customerEmail ?? ''),
      el('td', order.status),
      el('td', formatTotal(order.totals.totalCents)),
    );
    const cell = el('td');
    if (canShip(order)) {
      // No <form>: the platform's sandbox (no allow-forms) blocks form submission, so the button does the work.
      const form = el('span');
      const carrier = el('input');
      carrier.placeholder = 'Carrier';
      carrier.setAttribute('aria-label', 'Carrier');
      const tracking = el('input');
      tracking.placeholder = 'Tracking number';
      tracking.setAttribute('aria-label', 'Tracking number');
      const ship = el('button', 'Record shipment');
      ship.type = 'button';
      form.append(carrier, tracking, ship);
      ship.addEventListener('click', () => void record(order, shipment(carrier.value, tracking.value), tr, ship));
      cell.append(form);
    } else cell.textContent = lastShipment(order);
    tr.append(cell);
    return tr;
  };

  const record = async (
    order: Order,
    params: ReturnType<typeof shipment>,
    tr: HTMLTableRowElement,
    button: HTMLButtonElement,
  ): Promise<void> => {
    if (!client || !siteId) return;
    button.disabled = true;
    try {
      const updated = await client.orders.update(siteId, order.id, params);
      tr.replaceWith(row(updated));
      status.textContent = `Shipment recorded on order ${updated.number === null ? updated.id : `#${updated.number}`}.`;
      ctx.emit('shipment-recorded', { orderId: updated.id, carrier: params.carrier ?? null });
    } catch (err) {
      status.textContent = explain(err);
      button.disabled = false;
    }
  };

  const loadOrders = async (): Promise<void> => {
    if (!client || !siteId) return;
    status.textContent = 'Loading orders…';
    try {
      const page = await client.orders.list(siteId, { limit: 25 });
      show(page.data);
      status.textContent = page.data.length
        ? `${page.data.length}${page.has_more ? '+' : ''} orders`
        : 'No orders on this site yet.';
    } catch (err) {
      show([]);
      status.textContent = explain(err);
    }
  };

  const load = async (): Promise<void> => {
    const apiKey = typeof config.apiKey === 'string' ? config.apiKey.trim() : '';
    show([]);
    sites.replaceChildren();
    sites.hidden = true;
    if (!apiKey) {
      client = undefined;
      status.textContent =
        'Enter an organization API key with sites:read, orders:read and orders:write in the settings.';
      return;
    }
    // A 429 is shown rather than waited out, so the page says what is happening.
    client = new ServiceClient({ apiKey, baseUrl: API, maxRetries: 0 });
    status.textContent = 'Loading sites…';
    try {
      const list = await client.sites.list();
      sites.replaceChildren(
        ...list.data.map((site: Site) => {
          const option = el('option', site.displayName ?? site.domain ?? site.subdomain ?? site.id);
          option.value = site.id;
          return option;
        }),
      );
      sites.hidden = list.data.length < 2;
      siteId = list.data[0]?.id;
      if (!siteId) status.textContent = 'The organization has no sites.';
      else await loadOrders();
    } catch (err) {
      status.textContent = explain(err);
    }
  };

  sites.addEventListener('change', () => {
    siteId = sites.value;
    void loadOrders();
  });
  void load();
  return ctx.onConfig((next) => {
    config = next;
    void load();
  });
};

registerRoute(PAGE, mount);
