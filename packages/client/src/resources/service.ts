import type { ApiPromise } from '../core/api-promise.js';
import type { ListingVersionsResponse } from '../types/commerce.js';
import type { ApiInfo, ApiKeyInfo, OpenApiDocument, Usage } from '../types/service.js';
import type { RequestOptions } from '../types/shared.js';
import { Resource } from './resource.js';

/** `GET /v1`: what the API is and its top-level resources. */
export class Api extends Resource {
  retrieve(options?: RequestOptions): ApiPromise<ApiInfo> {
    return this.core.request({ method: 'GET', path: '' }, options);
  }
}

/** `GET /v1/me`: the calling key's organization and scopes. */
export class Me extends Resource {
  retrieve(options?: RequestOptions): ApiPromise<ApiKeyInfo> {
    return this.core.request({ method: 'GET', path: '/me' }, options);
  }
}

/** `GET /v1/usage`: this month's standing against the plan's bands. */
export class UsageReport extends Resource {
  retrieve(options?: RequestOptions): ApiPromise<Usage> {
    return this.core.request({ method: 'GET', path: '/usage' }, options);
  }
}

/** `GET /v1/openapi.json`: the OpenAPI 3.1 description, fetched without the key. */
export class OpenApi extends Resource {
  retrieve(options?: RequestOptions): ApiPromise<OpenApiDocument> {
    return this.core.request({ method: 'GET', path: '/openapi.json', anonymous: true }, options);
  }
}

/** The public marketplace read path, on the API's origin; sent without the key. */
export class Marketplace extends Resource {
  /**
   * `GET /api/marketplace/listing-versions`: the buyer-safe subset of a listing's versions.
   * Its query parameters are not documented, so `query` is passed through as given.
   */
  listingVersions(query: Record<string, string> = {}, options?: RequestOptions): ApiPromise<ListingVersionsResponse> {
    const url = new URL('/api/marketplace/listing-versions', this.core.baseUrl).href;
    return this.core.request({ method: 'GET', path: url, query, anonymous: true }, options);
  }
}
