import type { ListPromise } from '../core/list.js';
import type { ApiPromise } from '../core/api-promise.js';
import { seg } from '../core/query.js';
import type {
  Company,
  CompanyCreateParams,
  CompanyListParams,
  CompanyUpdateParams,
  Pipeline,
  PipelineListParams,
} from '../types/companies.js';
import type { DeletionReceipt, KeyedRequestOptions, RequestOptions } from '../types/shared.js';
import { enforce } from '../checks/shape.js';
import { shapes } from '@extkit/api';
import { Resource } from './resource.js';

/** `/v1/companies` (scopes crm:read, crm:write; CRM plan), keyed by domain. */
export class Companies extends Resource {
  /** `GET /v1/companies`; `domain` is exact (0 or 1 result). */
  list(params: CompanyListParams = {}, options?: RequestOptions): ListPromise<Company> {
    return this.core.list('/companies', params, options, () =>
      enforce(this.core.localChecks, params, shapes['companies.list']),
    );
  }

  /** `GET /v1/companies/{companyId}`. */
  retrieve(companyId: string, options?: RequestOptions): ApiPromise<Company> {
    return this.core.request({ method: 'GET', path: `/companies/${seg(companyId)}` }, options);
  }

  /** `POST /v1/companies`: a domain another company holds is 409 `company_exists`. */
  create(params: CompanyCreateParams, options?: KeyedRequestOptions): ApiPromise<Company> {
    return this.core.request({ method: 'POST', path: '/companies', body: params, keyed: true }, options, () =>
      enforce(this.core.localChecks, params, shapes['companies.create']),
    );
  }

  /** `PATCH /v1/companies/{companyId}`: send only what changes; null clears. */
  update(companyId: string, params: CompanyUpdateParams, options?: RequestOptions): ApiPromise<Company> {
    return this.core.request({ method: 'PATCH', path: `/companies/${seg(companyId)}`, body: params }, options, () =>
      enforce(this.core.localChecks, params, shapes['companies.update']),
    );
  }

  /** `DELETE /v1/companies/{companyId}`: the company only; linked records keep their `companyId`. */
  delete(companyId: string, options?: KeyedRequestOptions): ApiPromise<DeletionReceipt<'company'>> {
    return this.core.request({ method: 'DELETE', path: `/companies/${seg(companyId)}`, keyed: true }, options);
  }
}

/** `/v1/pipelines`: read-only stage sets. */
export class Pipelines extends Resource {
  /** `GET /v1/pipelines`, ordered by id; archived pipelines are listed too. */
  list(params: PipelineListParams = {}, options?: RequestOptions): ListPromise<Pipeline> {
    return this.core.list('/pipelines', params, options, () =>
      enforce(this.core.localChecks, params, shapes['pipelines.list']),
    );
  }

  /** `GET /v1/pipelines/{pipelineId}`. */
  retrieve(pipelineId: string, options?: RequestOptions): ApiPromise<Pipeline> {
    return this.core.request({ method: 'GET', path: `/pipelines/${seg(pipelineId)}` }, options);
  }
}
