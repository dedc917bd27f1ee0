import type { ListPromise } from '../core/list.js';
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
    return this.core.list('/tasks', params, options, () => enforce(this.core.localChecks, params, shapes['tasks.list']));
  }

  /** `GET /v1/tasks/{taskId}`. */
  retrieve(taskId: string, options?: RequestOptions): Promise<Task> {
    return this.core.request({ method: 'GET', path: `/tasks/${seg(taskId)}` }, options);
  }

  /** `POST /v1/tasks`. */
  async create(params: TaskCreateParams, options?: KeyedRequestOptions): Promise<Task> {
    enforce(this.core.localChecks, params, shapes['tasks.create']);
    return this.core.request({ method: 'POST', path: '/tasks', body: params, keyed: true }, options);
  }

  /** `PATCH /v1/tasks/{taskId}`: `status: done` stamps `completedAt`. */
  async update(taskId: string, params: TaskUpdateParams, options?: RequestOptions): Promise<Task> {
    enforce(this.core.localChecks, params, shapes['tasks.update']);
    return this.core.request({ method: 'PATCH', path: `/tasks/${seg(taskId)}`, body: params }, options);
  }

  /** `DELETE /v1/tasks/{taskId}`. */
  delete(taskId: string, options?: KeyedRequestOptions): Promise<DeletionReceipt<'task'>> {
    return this.core.request({ method: 'DELETE', path: `/tasks/${seg(taskId)}`, keyed: true }, options);
  }
}
