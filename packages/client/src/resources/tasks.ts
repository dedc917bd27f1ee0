import type { ListPromise } from '../core/list.js';
import type { ApiPromise } from '../core/api-promise.js';
import { seg } from '../core/query.js';
import { type Task, type TaskCreateParams, type TaskListParams, type TaskUpdateParams } from '../types/work.js';
import type { DeletionReceipt, KeyedRequestOptions, RequestOptions } from '../types/shared.js';
import { enforce } from '../checks/shape.js';
import { shapes } from '@extkit/api';
import { Resource } from './resource.js';

/** `/v1/tasks` (scopes crm:read, crm:write; CRM plan): what is owed. */
export class Tasks extends Resource {
  /** `GET /v1/tasks`. */
  list(params: TaskListParams = {}, options?: RequestOptions): ListPromise<Task> {
    return this.core.list('/tasks', params, options, () =>
      enforce(this.core.localChecks, params, shapes['tasks.list']),
    );
  }

  /** `GET /v1/tasks/{taskId}`. */
  retrieve(taskId: string, options?: RequestOptions): ApiPromise<Task> {
    return this.core.request({ method: 'GET', path: `/tasks/${seg(taskId)}` }, options);
  }

  /** `POST /v1/tasks`. */
  create(params: TaskCreateParams, options?: KeyedRequestOptions): ApiPromise<Task> {
    return this.core.request({ method: 'POST', path: '/tasks', body: params, keyed: true }, options, () =>
      enforce(this.core.localChecks, params, shapes['tasks.create']),
    );
  }

  /** `PATCH /v1/tasks/{taskId}`: `status: done` stamps `completedAt`. */
  update(taskId: string, params: TaskUpdateParams, options?: RequestOptions): ApiPromise<Task> {
    return this.core.request({ method: 'PATCH', path: `/tasks/${seg(taskId)}`, body: params }, options, () =>
      enforce(this.core.localChecks, params, shapes['tasks.update']),
    );
  }

  /** `DELETE /v1/tasks/{taskId}`. */
  delete(taskId: string, options?: KeyedRequestOptions): ApiPromise<DeletionReceipt<'task'>> {
    return this.core.request({ method: 'DELETE', path: `/tasks/${seg(taskId)}`, keyed: true }, options);
  }
}
