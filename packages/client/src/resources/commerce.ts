import type { ListPromise } from '../core/list.js';
import type { ApiPromise } from '../core/api-promise.js';
import { seg } from '../core/query.js';
import {
  type Order,
  type OrderListParams,
  type OrderUpdateParams,
  type Product,
  type ProductListParams,
} from '../types/commerce.js';
import type { RequestOptions } from '../types/shared.js';
import { enforce } from '../checks/shape.js';
import { shapes } from '@extkit/api';
import { Resource } from './resource.js';

/** `/v1/sites/{siteId}/orders` (scopes orders:read, orders:write; commerce plan). */
export class Orders extends Resource {
  /** `GET .../orders`, ordered by order id; `channel=online` gives short pages. */
  list(siteId: string, params: OrderListParams = {}, options?: RequestOptions): ListPromise<Order> {
    return this.core.list(`/sites/${seg(siteId)}/orders`, params, options);
  }

  /** `GET .../orders/{orderId}`: by id, never by number. */
  retrieve(siteId: string, orderId: string, options?: RequestOptions): ApiPromise<Order> {
    return this.core.request({ method: 'GET', path: `/sites/${seg(siteId)}/orders/${seg(orderId)}` }, options);
  }

  /**
   * `PATCH .../orders/{orderId}`: records a shipment (`fulfilled`) or a delivery; a refused move is 409 `order_transition`.
   * @example await client.orders.update(siteId, orderId, { status: 'fulfilled', carrier: 'UPS', trackingNumber: '1Z...' })
   */
  update(siteId: string, orderId: string, params: OrderUpdateParams, options?: RequestOptions): ApiPromise<Order> {
    return this.core.request(
      { method: 'PATCH', path: `/sites/${seg(siteId)}/orders/${seg(orderId)}`, body: params },
      options,
      () => enforce(this.core.localChecks, params, shapes['orders.update']),
    );
  }
}

/** `/v1/sites/{siteId}/products` (scope products:read; commerce plan): read-only. */
export class Products extends Resource {
  /** `GET .../products`, ordered by id; deleted products are dropped (short pages). */
  list(siteId: string, params: ProductListParams = {}, options?: RequestOptions): ListPromise<Product> {
    return this.core.list(`/sites/${seg(siteId)}/products`, params, options);
  }

  /** `GET .../products/{productId}`: 404 for unknown or deleted. */
  retrieve(siteId: string, productId: string, options?: RequestOptions): ApiPromise<Product> {
    return this.core.request({ method: 'GET', path: `/sites/${seg(siteId)}/products/${seg(productId)}` }, options);
  }
}
