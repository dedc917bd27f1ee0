import type { ListPromise } from '../core/list.js';
import type { ApiPromise } from '../core/api-promise.js';
import { seg } from '../core/query.js';
import { type Activity, type ActivityCreateParams, type ActivityListParams } from '../types/work.js';
import type { DeletionReceipt, KeyedRequestOptions, RequestOptions } from '../types/shared.js';
import { enforce } from '../checks/shape.js';
import { shapes } from '@extkit/api';
import { Resource } from './resource.js';

/** `/v1/activities` (scopes crm:read, crm:write; CRM plan): a write-once log, so there is no update. */
export class Activities extends Resource {
  /** `GET /v1/activities`; `updatedAfter` is effectively the logging time. */
  list(params: ActivityListParams = {}, options?: RequestOptions): ListPromise<Activity> {
    return this.core.list('/activities', params, options, () =>
      enforce(this.core.localChecks, params, shapes['activities.list']),
    );
  }

  /** `GET /v1/activities/{activityId}`. */
  retrieve(activityId: string, options?: RequestOptions): ApiPromise<Activity> {
    return this.core.request({ method: 'GET', path: `/activities/${seg(activityId)}` }, options);
  }

  /** `POST /v1/activities`: needs at least one of `contactId`, `companyId`, `dealId`. */
  create(params: ActivityCreateParams, options?: KeyedRequestOptions): ApiPromise<Activity> {
    return this.core.request({ method: 'POST', path: '/activities', body: params, keyed: true }, options, () =>
      enforce(this.core.localChecks, params, shapes['activities.create']),
    );
  }

  /** `DELETE /v1/activities/{activityId}`. */
  delete(activityId: string, options?: KeyedRequestOptions): ApiPromise<DeletionReceipt<'activity'>> {
    return this.core.request({ method: 'DELETE', path: `/activities/${seg(activityId)}`, keyed: true }, options);
  }
}
