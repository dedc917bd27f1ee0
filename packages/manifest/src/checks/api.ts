// The project's API base (`"extkit": { "api" }` in package.json), read by the routing contract
// in @extkit/runtime/routing, and held against capabilities.network: the sandbox refuses every
// call to an origin the manifest does not declare, in development and on the platform alike.
import { apiOriginRefusal, parseApiBase } from '@extkit/runtime/routing';
import type { Reporter } from '../diagnostics.js';

/** Reports an `extkit.api` that is no API base URL, or whose origin `network` (normalized) does not declare. */
export function checkApi(
  api: unknown,
  network: readonly string[] | undefined,
  hasNetwork: boolean,
  reporter: Reporter,
): void {
  const parsed = parseApiBase(api);
  if (!parsed.ok) {
    reporter.report('api.invalid', '', `package.json "extkit.api" ${parsed.problem}`);
    return;
  }
  const refusal = apiOriginRefusal(parsed.base, network ?? []);
  if (refusal === undefined) return;
  reporter.report(
    'api.origin_undeclared',
    hasNetwork ? '/capabilities/network' : '',
    `package.json "extkit.api" is ${JSON.stringify(parsed.base.href)}, but capabilities.network does not declare its origin ${JSON.stringify(parsed.base.origin)}, so the sandbox refuses every call to the API (in the preview and on the platform). ${refusal.fix}`,
  );
}
