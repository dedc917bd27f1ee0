// render(id, { api }): the test's API for the extension's calls to the project's API
// base (`"extkit": { "api" }` in package.json), checked before anything is mounted.
import { parseApiBase } from '@extkit/runtime/routing';
import { TestingError } from './errors.js';
import type { Route } from './intercept.js';
import type { Project } from './project.js';

/** What render() takes as `api`: an @extkit/emulator handle, or anything with a baseUrl, or the base URL itself. */
export type ApiTarget = string | { readonly baseUrl: string };

/** The route for `api` in this project; undefined without one. Throws what the test's author must fix. */
export function routeFor(project: Project, api: ApiTarget | undefined, caller: string): Route | undefined {
  if (api === undefined) return undefined;
  const given = typeof api === 'string' ? api : (api as { baseUrl?: unknown } | null)?.baseUrl;
  const target = parseApiBase(given);
  if (!target.ok) {
    throw new TestingError(
      'testing.api_invalid',
      `${caller}: { api } ${typeof api === 'string' ? '' : 'has a baseUrl that '}${target.problem}. Pass the emulator (its baseUrl is "http://127.0.0.1:<port>/v1") or that URL.`,
    );
  }
  if (project.api === undefined) {
    throw new TestingError(
      'testing.api_undeclared',
      `${caller}: { api } routes the extension's calls to the platform's API base, but ${project.dir ? `${project.dir}/package.json` : 'the project'} names none. Add it: "extkit": { "api": "https://api.example.com/v1" } (the URL the extension calls in production; docs/api.md).`,
    );
  }
  const base = parseApiBase(project.api);
  if (!base.ok) {
    throw new TestingError('testing.api_invalid', `${caller}: "extkit": { "api" } in package.json ${base.problem}.`);
  }
  return { api: base.base, target: target.base };
}
