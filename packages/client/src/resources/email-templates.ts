import type { ListPromise } from '../core/list.js';
import type { ApiPromise } from '../core/api-promise.js';
import { seg } from '../core/query.js';
import {
  type EmailTemplate,
  type EmailTemplateCreateParams,
  type EmailTemplateListParams,
  type EmailTemplateUpdateParams,
} from '../types/work.js';
import type { DeletionReceipt, KeyedRequestOptions, RequestOptions } from '../types/shared.js';
import { enforce } from '../checks/shape.js';
import { shapes } from '@extkit/api';
import { Resource } from './resource.js';

/** `/v1/email-templates` (scopes crm:read, crm:write; CRM plan): templates and snippets, stored as written. */
export class EmailTemplates extends Resource {
  /** `GET /v1/email-templates`: every template, personal ones included. */
  list(params: EmailTemplateListParams = {}, options?: RequestOptions): ListPromise<EmailTemplate> {
    return this.core.list('/email-templates', params, options, () =>
      enforce(this.core.localChecks, params, shapes['emailTemplates.list']),
    );
  }

  /** `GET /v1/email-templates/{templateId}`. */
  retrieve(templateId: string, options?: RequestOptions): ApiPromise<EmailTemplate> {
    return this.core.request({ method: 'GET', path: `/email-templates/${seg(templateId)}` }, options);
  }

  /** `POST /v1/email-templates`: a personal template needs `ownerUid`, a shared one refuses it. */
  create(params: EmailTemplateCreateParams, options?: KeyedRequestOptions): ApiPromise<EmailTemplate> {
    return this.core.request({ method: 'POST', path: '/email-templates', body: params, keyed: true }, options, () =>
      enforce(this.core.localChecks, params, shapes['emailTemplates.create']),
    );
  }

  /** `PATCH /v1/email-templates/{templateId}`. */
  update(templateId: string, params: EmailTemplateUpdateParams, options?: RequestOptions): ApiPromise<EmailTemplate> {
    return this.core.request(
      { method: 'PATCH', path: `/email-templates/${seg(templateId)}`, body: params },
      options,
      () => enforce(this.core.localChecks, params, shapes['emailTemplates.update']),
    );
  }

  /** `DELETE /v1/email-templates/{templateId}`: emails already sent are unchanged. */
  delete(templateId: string, options?: KeyedRequestOptions): ApiPromise<DeletionReceipt<'email_template'>> {
    return this.core.request({ method: 'DELETE', path: `/email-templates/${seg(templateId)}`, keyed: true }, options);
  }
}
