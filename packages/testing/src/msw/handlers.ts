// msw handlers named by the platform's operations (@extkit/api's one table, which the
// client and the emulator share): `platform.on('contacts.create', resolver)` is msw's
// http.post('<the project's API base>/contacts', resolver), path parameters as msw's
// (`{contactId}` is `:contactId`). The API base is the project's `"extkit": { "api" }`.
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { operations, type Operation } from '@extkit/api';
import { parseApiBase } from '@extkit/runtime/routing';
import { http, type DefaultBodyType, type HttpHandler, type HttpResponseResolver, type PathParams } from 'msw';
import { TestingError } from '../errors.js';

/** Handlers on one API base, by operation id. */
export interface PlatformHttp {
  /** The API base the handlers answer under (`https://api.example.com/v1`). */
  readonly baseUrl: string;
  /** msw's handler for the operation `id` (`contacts.create`): its method, its path below the base. */
  on<Body extends DefaultBodyType = DefaultBodyType>(
    id: string,
    resolver: HttpResponseResolver<PathParams, DefaultBodyType, Body>,
    options?: Parameters<typeof http.get>[2],
  ): HttpHandler;
}

/**
 * Handlers for the project's API base (`"extkit": { "api" }` in the nearest package.json), or `baseUrl`.
 * @example server.use(platformHttp().on('contacts.list', () => listPage([{ id: 'c_1', email: 'ada@example.com' }])))
 */
export function platformHttp(baseUrl?: string): PlatformHttp {
  const given = baseUrl ?? projectApi(process.cwd());
  const parsed = parseApiBase(given);
  if (!parsed.ok) throw new TestingError('testing.api_invalid', `platformHttp(): the API base ${parsed.problem}.`);
  const base = parsed.base;
  return {
    baseUrl: base.href,
    on(id, resolver, options) {
      const op = operationOf(id);
      // The table's paths start with the platform's /v1: below the project's base, they keep the rest.
      const below = op.path.replace(/^\/v1(?=\/|$)/, '').replace(/\{(\w+)\}/g, ':$1');
      const method = op.method.toLowerCase() as 'get' | 'post' | 'patch' | 'delete';
      return http[method](`${base.href}${below}`, resolver, options);
    },
  };
}

function operationOf(id: string): Operation {
  const found = operations.find((o) => o.id === id);
  if (found) return found;
  const resource = id.split('.')[0] ?? '';
  const near = operations.filter((o) => o.id.startsWith(`${resource}.`)).map((o) => o.id);
  throw new TestingError(
    'testing.operation_unknown',
    `platformHttp().on(${JSON.stringify(id)}): the platform has no such operation. ${near.length ? `${resource} has: ${near.join(', ')}.` : `Operations are named resource.method, such as "contacts.create".`}`,
  );
}

/** `"extkit": { "api" }` of the nearest package.json at or above `from`. */
function projectApi(from: string): unknown {
  for (let dir = resolve(from); ; dir = dirname(dir)) {
    let pkg: { extkit?: { api?: unknown } } | undefined;
    try {
      pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { extkit?: { api?: unknown } };
    } catch {
      pkg = undefined;
    }
    if (pkg?.extkit?.api !== undefined) return pkg.extkit.api;
    if (pkg !== undefined || dirname(dir) === dir)
      throw new TestingError(
        'testing.api_undeclared',
        `platformHttp(): ${pkg ? join(dir, 'package.json') : 'no package.json'} names no API base. Add "extkit": { "api": "https://api.example.com/v1" }, or pass platformHttp(baseUrl).`,
      );
  }
}
