// The one interception layer under the harness's fetch: @mswjs/interceptors'
// FetchInterceptor, which msw's setupServer shares in the same process (one copy,
// one running instance per class, listeners called in the order they were added).
// Requests the sandbox's guard let through (network.ts) arrive here. An
// extension's request under the project's API base goes to the test's API
// (render(id, { api })) by the routing contract (@extkit/runtime/routing); any
// other falls to msw's handlers when a server listens, else to the network.
import { AsyncLocalStorage } from 'node:async_hooks';
import { FetchInterceptor } from '@mswjs/interceptors/fetch';
import { routeRequest, type ApiBase } from '@extkit/runtime/routing';

/** Where a view's API calls go: the project's API base, and the test's API (an emulator, or anything with a baseUrl). */
export interface Route {
  api: ApiBase;
  target: ApiBase;
}

const routes = new AsyncLocalStorage<Route>();
let through: typeof fetch | undefined;

/** Applies the interceptor once and gives the fetch it put in place (what the guard sends allowed requests to). */
export function installInterceptor(): typeof fetch {
  if (through) return through;
  // The environment's fetch before interception: routed calls go straight to the test's API.
  const pure = globalThis.fetch;
  const interceptor = new FetchInterceptor();
  interceptor.apply();
  // The interceptor awaits its listeners (emitAsync): a promise here is how a listener answers later.
  // eslint-disable-next-line @typescript-eslint/no-misused-promises
  interceptor.on('request', async ({ request, controller }) => {
    const route = routes.getStore();
    if (!route) return;
    const decision = routeRequest(request.url, route.api, route.target);
    if (decision.kind === 'passed') return;
    if (decision.kind === 'refused') {
      controller.errorWith(new TypeError(`Failed to fetch ${request.url}: ${decision.reason}.`));
      return;
    }
    const body = request.method === 'GET' || request.method === 'HEAD' ? undefined : await request.arrayBuffer();
    try {
      const init: RequestInit = { method: request.method, headers: request.headers, redirect: request.redirect };
      if (body !== undefined) init.body = body;
      controller.respondWith(await pure(decision.url, init));
    } catch (err) {
      const why = err instanceof Error ? ((err.cause as Error | undefined)?.message ?? err.message) : String(err);
      controller.errorWith(
        new TypeError(
          `Failed to fetch ${request.url}: render(id, { api }) routes it to ${decision.url}, which did not answer (${why}). Is the emulator running there?`,
          { cause: err },
        ),
      );
    }
  });
  through = globalThis.fetch;
  return through;
}

/** `base` with `route` applying to what it sends (EventSource and sendBeacon fetch through it). */
export const routedFetch = (route: Route | undefined, base: typeof fetch | undefined): typeof fetch | undefined =>
  route && base ? (input, init) => routes.run(route, () => base(input, init)) : base;

/** Runs `send` with `route` applying to the requests it makes (and their continuations). */
export const withRoute = <T>(route: Route | undefined, send: () => T): T => (route ? routes.run(route, send) : send());
