// The actions' rows of the admin route table: `POST /__emulator/actions/...`, and the list of them.
import type { AdminRoute } from '../admin/surface.js';
import { actionTable } from './index.js';

const escape = (path: string): string => path.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

export const actionRoutes: AdminRoute[] = [
  [
    'GET',
    /^\/actions$/,
    () => ({
      status: 200,
      body: {
        object: 'list',
        data: actionTable.map((a) => ({
          name: a.name,
          method: 'POST',
          path: `/__emulator${a.path}`,
          summary: a.summary,
        })),
      },
    }),
  ],
  ...actionTable.map((spec): AdminRoute => [
    'POST',
    new RegExp(`^${escape(spec.path)}$`),
    async ({ api, body }) => ({ status: spec.status, body: await api.actions[spec.name](body) }),
  ]),
];
