// The faults' rows of the admin route table: `/__emulator/faults[/{id}]`.
import type { AdminAnswer, AdminRoute } from '../admin/surface.js';
import { invalid, notFound } from '../http/errors.js';
import { FaultError, type FaultSpec } from './spec.js';

const ok = (body: unknown, status = 200): AdminAnswer => ({ status, body });

export const faultRoutes: AdminRoute[] = [
  ['GET', /^\/faults$/, ({ api }) => ok({ object: 'list', data: api.faults.list() })],
  [
    'POST',
    /^\/faults$/,
    ({ api, body }) => {
      try {
        return ok(api.faults.add(body as unknown as FaultSpec), 201);
      } catch (error) {
        // Refused as the API refuses a body: 400 validation_failed naming the field.
        if (error instanceof FaultError) throw invalid({ [error.field]: error.reason });
        throw error;
      }
    },
  ],
  ['DELETE', /^\/faults$/, ({ api }) => ok({ deleted: api.faults.clear() })],
  [
    'DELETE',
    /^\/faults\/([^/]+)$/,
    ({ api, params }) => {
      if (api.faults.clear(params[0]) === 0) throw notFound('fault');
      return ok({ id: params[0], object: 'fault', deleted: true });
    },
  ],
];
