import type { ListPromise } from '../core/list.js';
import type { ApiPromise } from '../core/api-promise.js';
import { seg } from '../core/query.js';
import {
  type Lead,
  type LeadConversion,
  type LeadConvertParams,
  type LeadListParams,
  type LeadSite,
  type LeadUpdateParams,
} from '../types/leads.js';
import type { KeyedRequestOptions, RequestOptions } from '../types/shared.js';
import { enforce } from '../checks/shape.js';
import { shapes } from '@extkit/api';
import { Resource } from './resource.js';

/** Moves `siteId` from the params to the query, where every lead call names its site. */
function split<P extends LeadSite>(params: P): [{ siteId: string }, Omit<P, 'siteId'>] {
  // Params that are not an object are the local check's to report, inside the call.
  const { siteId, ...body } = (typeof params === 'object' && params !== null ? params : {}) as P;
  return [{ siteId }, body];
}

/** `/v1/leads` (scopes crm:read, crm:write; CRM plan): a site's capture queue; every call names `siteId`. */
export class Leads extends Resource {
  /** `GET /v1/leads?siteId=`, newest `lastSeen` first; `status` and `ownerUid` give short pages. */
  list(params: LeadListParams, options?: RequestOptions): ListPromise<Lead> {
    return this.core.list('/leads', params, options, () =>
      enforce(this.core.localChecks, params, shapes['leads.list']),
    );
  }

  /** `GET /v1/leads/{leadId}?siteId=`. */
  retrieve(leadId: string, params: LeadSite, options?: RequestOptions): ApiPromise<Lead> {
    return this.core.request(
      { method: 'GET', path: `/leads/${seg(leadId)}`, query: { siteId: params?.siteId } },
      options,
      () => enforce(this.core.localChecks, params, shapes['leads.retrieve']),
    );
  }

  /** `PATCH /v1/leads/{leadId}?siteId=`: `qualified` is reached only by `convert`. */
  update(leadId: string, params: LeadUpdateParams, options?: RequestOptions): ApiPromise<Lead> {
    const [query, body] = split(params);
    return this.core.request({ method: 'PATCH', path: `/leads/${seg(leadId)}`, query, body }, options, () =>
      enforce(this.core.localChecks, params, shapes['leads.update']),
    );
  }

  /**
   * `POST /v1/leads/{leadId}/convert?siteId=`: the lead becomes a contact, optionally with
   * a company and a deal. 201, or 200 with `alreadyConverted` or on a replay.
   */
  convert(leadId: string, params: LeadConvertParams, options?: KeyedRequestOptions): ApiPromise<LeadConversion> {
    const [query, body] = split(params);
    return this.core.request(
      { method: 'POST', path: `/leads/${seg(leadId)}/convert`, query, body, keyed: true },
      options,
      () => enforce(this.core.localChecks, params, shapes['leads.convert']),
    );
  }
}
