// The admin surface's one route table: method, path under /__emulator, handler.
// Add an endpoint here (and its row in docs/emulator.md); handleAdmin does the rest.
import { ApiError, invalid } from '../http/errors.js';
import { StateError } from '../state/format.js';
import type { PlanInput } from '../rules/plans.js';
import type { SeedData } from '../seed/load.js';
import { actionRoutes } from '../actions/routes.js';
import { faultRoutes } from '../faults/routes.js';
import { pageAnswer, pageRoutes, wantsPage } from '../page/serve.js';
import type { AdminAnswer, AdminRoute } from './surface.js';

const str = (v: unknown, key: string): string => {
  if (typeof v !== 'string' || v === '') throw invalid({ [key]: 'is required (a string)' });
  return v;
};
/** An export or import the state module refused (StateError) is the caller's to fix: 400 with its code. */
const refusedAs400 = <T>(p: Promise<T>): Promise<T> =>
  p.catch((error: unknown) => {
    if (error instanceof StateError) throw new ApiError(400, 'bad_request', error.message, { code: error.code });
    throw error;
  });
const ok = (body: unknown, status = 200): AdminAnswer => ({ status, body });
const list = (data: unknown[]): AdminAnswer => ok({ object: 'list', data });

export const adminTable: readonly AdminRoute[] = [
  // A browser's visit gets the page; every other caller the JSON summary.
  ['GET', /^$/, async ({ api, req }) => (wantsPage(req) ? pageAnswer() : ok(await api.summary()))],
  ['GET', /^\/requests$/, ({ api }) => list(api.requests())],
  ['GET', /^\/deliveries$/, ({ api }) => list(api.deliveries())],
  ['GET', /^\/inbound$/, ({ api }) => list(api.inbound())],
  ['POST', /^\/keys$/, async ({ api, body }) => ok(await api.createKey(body), 201)],
  [
    'POST',
    /^\/plan$/,
    async ({ api, body }) => ok(await api.setPlan(body.plan as PlanInput, body.org as string | undefined)),
  ],
  [
    'POST',
    /^\/clock$/,
    ({ api, body }) => {
      const ms = body.advanceMs;
      if (typeof ms !== 'number' || !Number.isFinite(ms) || ms < 0)
        throw invalid({ advanceMs: 'must be a number of ms, 0 or more' });
      return ok({ now: new Date(api.advance(ms)).toISOString() });
    },
  ],
  [
    'POST',
    /^\/reset$/,
    async ({ api, body }) => {
      await api.reset(body.seed as string | SeedData | undefined);
      return ok({ reset: true });
    },
  ],
  [
    'POST',
    /^\/webhooks$/,
    async ({ api, body }) => {
      await api.registerWebhook(
        str(body.url, 'url'),
        typeof body.secret === 'string' ? body.secret : null,
        body.org as string | undefined,
      );
      return ok({ url: body.url });
    },
  ],
  [
    'POST',
    /^\/hooks$/,
    ({ api, body }) => {
      api.registerHook(str(body.hostId, 'hostId'), str(body.hookId, 'hookId'), str(body.secret, 'secret'));
      return ok({ hostId: body.hostId, hookId: body.hookId });
    },
  ],
  [
    'POST',
    /^\/takedowns$/,
    ({ api, body }) => {
      api.takeDown(str(body.sha256, 'sha256').toLowerCase());
      return ok({ sha256: body.sha256 });
    },
  ],
  [
    'POST',
    /^\/export$/,
    async ({ api, body }) => {
      const cwd = body.cwd === undefined ? [] : [str(body.cwd, 'cwd')];
      return ok(await refusedAs400(api.exportState(str(body.dir, 'dir'), cwd)));
    },
  ],
  ['POST', /^\/import$/, async ({ api, body }) => ok(await refusedAs400(api.importState(str(body.dir, 'dir'))))],
  ...actionRoutes,
  ...faultRoutes,
  ...pageRoutes,
];
