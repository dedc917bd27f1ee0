import type { ListPromise } from '../core/list.js';
import type { ApiPromise } from '../core/api-promise.js';
import { seg } from '../core/query.js';
import type { PublishResult, Site, SiteCreateParams } from '../types/sites.js';
import type { KeyedRequestOptions, PageParams, RequestOptions } from '../types/shared.js';
import { enforce } from '../checks/shape.js';
import { shapes } from '@extkit/api';
import { Resource } from './resource.js';

/** `/v1/sites`. Renaming and deleting a site are not available over the API. */
export class Sites extends Resource {
  /** `GET /v1/sites`, ordered by id. */
  list(params: PageParams = {}, options?: RequestOptions): ListPromise<Site> {
    return this.core.list('/sites', params, options);
  }

  /** `GET /v1/sites/{siteId}`: an unowned site is 404, never 403. */
  retrieve(siteId: string, options?: RequestOptions): ApiPromise<Site> {
    return this.core.request({ method: 'GET', path: `/sites/${seg(siteId)}` }, options);
  }

  /** `POST /v1/sites` (10 per hour per organization). */
  create(params: SiteCreateParams, options?: KeyedRequestOptions): ApiPromise<Site> {
    return this.core.request({ method: 'POST', path: '/sites', body: params, keyed: true }, options, () =>
      enforce(this.core.localChecks, params, shapes['sites.create']),
    );
  }

  /** `POST /v1/sites/{siteId}/publish`: refreshes live pages; check `published` on the result. */
  publish(siteId: string, options?: RequestOptions): ApiPromise<PublishResult> {
    return this.core.request({ method: 'POST', path: `/sites/${seg(siteId)}/publish` }, options);
  }
}
