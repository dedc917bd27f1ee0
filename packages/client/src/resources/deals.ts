import type { ListPromise } from '../core/list.js';
import type { ApiPromise } from '../core/api-promise.js';
import { seg } from '../core/query.js';
import { type Deal, type DealCreateParams, type DealListParams, type DealUpdateParams } from '../types/deals.js';
import type { DeletionReceipt, KeyedRequestOptions, RequestOptions } from '../types/shared.js';
import { enforce } from '../checks/shape.js';
import { shapes } from '@extkit/api';
import { Resource } from './resource.js';

/** `/v1/deals` (scopes crm:read, crm:write; CRM plan). */
export class Deals extends Resource {
  /** `GET /v1/deals`; filters narrow in the order contactId, companyId, pipelineId, ownerUid, status. */
  list(params: DealListParams = {}, options?: RequestOptions): ListPromise<Deal> {
    return this.core.list('/deals', params, options, () =>
      enforce(this.core.localChecks, params, shapes['deals.list']),
    );
  }

  /** `GET /v1/deals/{dealId}`. */
  retrieve(dealId: string, options?: RequestOptions): ApiPromise<Deal> {
    return this.core.request({ method: 'GET', path: `/deals/${seg(dealId)}` }, options);
  }

  /** `POST /v1/deals`: neither `stageId` nor `status` places it in the first open stage. */
  create(params: DealCreateParams, options?: KeyedRequestOptions): ApiPromise<Deal> {
    return this.core.request({ method: 'POST', path: '/deals', body: params, keyed: true }, options, () =>
      enforce(this.core.localChecks, params, shapes['deals.create']),
    );
  }

  /** `PATCH /v1/deals/{dealId}`: moving into won makes the linked contact a customer. */
  update(dealId: string, params: DealUpdateParams, options?: RequestOptions): ApiPromise<Deal> {
    return this.core.request({ method: 'PATCH', path: `/deals/${seg(dealId)}`, body: params }, options, () =>
      enforce(this.core.localChecks, params, shapes['deals.update']),
    );
  }

  /** `DELETE /v1/deals/{dealId}`: the deal alone; tasks and activities keep their `dealId`. */
  delete(dealId: string, options?: KeyedRequestOptions): ApiPromise<DeletionReceipt<'deal'>> {
    return this.core.request({ method: 'DELETE', path: `/deals/${seg(dealId)}`, keyed: true }, options);
  }
}
