import type { ListPromise } from '../core/list.js';
import type { ApiPromise } from '../core/api-promise.js';
import { seg } from '../core/query.js';
import type { Dataset, DatasetCreateParams, DatasetUpdateParams } from '../types/data.js';
import type { DeletionReceipt, KeyedRequestOptions, PageParams, RequestOptions } from '../types/shared.js';
import { enforce } from '../checks/shape.js';
import { shapes } from '@extkit/api';
import { Resource } from './resource.js';

/** `/v1/datasets`: the one resource the API can provision from nothing. Bodies are open. */
export class Datasets extends Resource {
  /** `GET /v1/datasets`. */
  list(params: PageParams = {}, options?: RequestOptions): ListPromise<Dataset> {
    return this.core.list('/datasets', params, options);
  }

  /** `GET /v1/datasets/{datasetId}`. */
  retrieve(datasetId: string, options?: RequestOptions): ApiPromise<Dataset> {
    return this.core.request({ method: 'GET', path: `/datasets/${seg(datasetId)}` }, options);
  }

  /** `POST /v1/datasets`: 201, or 200 when the key replays. */
  create(params: DatasetCreateParams, options?: KeyedRequestOptions): ApiPromise<Dataset> {
    return this.core.request({ method: 'POST', path: '/datasets', body: params, keyed: true }, options, () =>
      enforce(this.core.localChecks, params, shapes['datasets.create']),
    );
  }

  /** `PATCH /v1/datasets/{datasetId}`: omitted keys are left alone. */
  update(datasetId: string, params: DatasetUpdateParams, options?: RequestOptions): ApiPromise<Dataset> {
    return this.core.request({ method: 'PATCH', path: `/datasets/${seg(datasetId)}`, body: params }, options, () =>
      enforce(this.core.localChecks, params, shapes['datasets.update']),
    );
  }

  /** `DELETE /v1/datasets/{datasetId}`: refused 409 `dataset_not_empty` while it holds records. */
  delete(datasetId: string, options?: KeyedRequestOptions): ApiPromise<DeletionReceipt<'dataset'>> {
    return this.core.request({ method: 'DELETE', path: `/datasets/${seg(datasetId)}`, keyed: true }, options);
  }
}
