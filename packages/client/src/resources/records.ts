import type { ListPromise } from '../core/list.js';
import type { ApiPromise } from '../core/api-promise.js';
import { seg } from '../core/query.js';
import type { DatasetRecord, RecordCreateParams, RecordUpdateParams } from '../types/data.js';
import type { DeletionReceipt, KeyedRequestOptions, PageParams, RequestOptions } from '../types/shared.js';
import { enforce } from '../checks/shape.js';
import { shapes } from '@extkit/api';
import { Resource } from './resource.js';

const base = (datasetId: string): string => `/datasets/${seg(datasetId)}/records`;

/** `/v1/datasets/{datasetId}/records`. No record write refreshes live pages: call `sites.publish`. */
export class Records extends Resource {
  /** `GET .../records`, ordered by id; no field filters exist. */
  list(datasetId: string, params: PageParams = {}, options?: RequestOptions): ListPromise<DatasetRecord> {
    return this.core.list(base(datasetId), params, options);
  }

  /** `GET .../records/{recordId}`. */
  retrieve(datasetId: string, recordId: string, options?: RequestOptions): ApiPromise<DatasetRecord> {
    return this.core.request({ method: 'GET', path: `${base(datasetId)}/${seg(recordId)}` }, options);
  }

  /** `POST .../records`: `client.records.create(datasetId, { values })`. */
  create(datasetId: string, params: RecordCreateParams = {}, options?: KeyedRequestOptions): ApiPromise<DatasetRecord> {
    return this.core.request({ method: 'POST', path: base(datasetId), body: params, keyed: true }, options, () =>
      enforce(this.core.localChecks, params, shapes['records.create']),
    );
  }

  /** `PATCH .../records/{recordId}`: `values` merge shallowly. */
  update(
    datasetId: string,
    recordId: string,
    params: RecordUpdateParams,
    options?: RequestOptions,
  ): ApiPromise<DatasetRecord> {
    return this.core.request(
      { method: 'PATCH', path: `${base(datasetId)}/${seg(recordId)}`, body: params },
      options,
      () => enforce(this.core.localChecks, params, shapes['records.update']),
    );
  }

  /** `DELETE .../records/{recordId}`: a 200 receipt. */
  delete(datasetId: string, recordId: string, options?: KeyedRequestOptions): ApiPromise<DeletionReceipt<'record'>> {
    return this.core.request({ method: 'DELETE', path: `${base(datasetId)}/${seg(recordId)}`, keyed: true }, options);
  }
}
