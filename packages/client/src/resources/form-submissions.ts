import type { ListPromise } from '../core/list.js';
import type { ApiPromise } from '../core/api-promise.js';
import { seg } from '../core/query.js';
import type { FormSubmission, FormSubmissionListParams, FormSubmissionUpdateParams } from '../types/sites.js';
import type { DeletionReceipt, KeyedRequestOptions, RequestOptions } from '../types/shared.js';
import { enforce } from '../checks/shape.js';
import { shapes } from '@extkit/api';
import { Resource } from './resource.js';

const base = (siteId: string): string => `/sites/${seg(siteId)}/form-submissions`;

/** `/v1/sites/{siteId}/form-submissions` (scopes forms:read, forms:write). */
export class FormSubmissions extends Resource {
  /** `GET .../form-submissions`; a form filter plus `read` gives short pages. */
  list(siteId: string, params: FormSubmissionListParams = {}, options?: RequestOptions): ListPromise<FormSubmission> {
    // The query carries `read` as text; only `true` and `false` are accepted.
    const filter = { read: params.read === undefined ? undefined : String(params.read) };
    return this.core.list(base(siteId), params, options, () =>
      enforce(this.core.localChecks, filter, shapes['formSubmissions.list']),
    );
  }

  /** `GET .../form-submissions/{submissionId}`; reading does not change `read`. */
  retrieve(siteId: string, submissionId: string, options?: RequestOptions): ApiPromise<FormSubmission> {
    return this.core.request({ method: 'GET', path: `${base(siteId)}/${seg(submissionId)}` }, options);
  }

  /** `PATCH .../form-submissions/{submissionId}`: `{ read }` is the only writable field. */
  update(
    siteId: string,
    submissionId: string,
    params: FormSubmissionUpdateParams,
    options?: RequestOptions,
  ): ApiPromise<FormSubmission> {
    return this.core.request(
      { method: 'PATCH', path: `${base(siteId)}/${seg(submissionId)}`, body: params },
      options,
      () => enforce(this.core.localChecks, params, shapes['formSubmissions.update']),
    );
  }

  /** `DELETE .../form-submissions/{submissionId}`: permanent. */
  delete(
    siteId: string,
    submissionId: string,
    options?: KeyedRequestOptions,
  ): ApiPromise<DeletionReceipt<'form_submission'>> {
    return this.core.request({ method: 'DELETE', path: `${base(siteId)}/${seg(submissionId)}`, keyed: true }, options);
  }
}
