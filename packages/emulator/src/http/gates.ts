// The caller's gates, after admission: the plan's (API access, CRM, commerce; 000 §8), the route's
// 404 and 405, and the operation's scope.
import { allowedMethods, matchOperation, operations, type Operation } from '@extkit/api';
import type { Caller } from '../rules/auth.js';
import { ApiError, planRequired } from './errors.js';
import type { Checked } from './request-checks.js';

export const planOf = (path: string): Operation['plan'] => operations.find((o) => o.path === path)?.plan ?? null;

/** The path template a pathname falls under, whatever the method. */
export function templateOf(method: string, pathname: string): string | null {
  const m = matchOperation(method, pathname);
  if (m.operation) return m.operation.path;
  if (!m.allow) return null;
  return Object.keys(allowedMethods).find((t) => allowedMethods[t] === m.allow) ?? null;
}

/** Throws the first gate the caller does not pass; answers the operation to run with its checked request. */
export function passGates(
  method: string,
  pathname: string,
  routed: ReturnType<typeof matchOperation>,
  gate: Operation['plan'],
  request: Checked | null,
  caller: Caller,
): { op: Operation; params: Record<string, string>; checks: Checked } {
  if (!caller.plan.api)
    throw planRequired(undefined, 'Your plan does not include API access; the REST API starts on the Business plan');
  if (gate === 'crm' && !caller.plan.crm)
    throw planRequired('crm', 'Your plan does not include the CRM suite; contacts keep working');
  if (gate === 'commerce' && !caller.plan.commerce)
    throw planRequired('commerce', 'Your plan does not include commerce');
  // Metered by admission from here on.

  if (!routed.operation) {
    if (!routed.allow) throw new ApiError(404, 'not_found', `No such endpoint: ${method} ${pathname}`);
    // For CRM the scope is checked before the method (001 §1).
    if (gate === 'crm') requireScope(caller, method === 'GET' ? 'crm:read' : 'crm:write');
    throw new ApiError(
      405,
      'method_not_allowed',
      `${method} is not allowed on ${pathname}; allowed: ${routed.allow.join(', ')}`,
      { headers: { Allow: routed.allow.join(', ') } },
    );
  }
  const { operation: op, params } = routed;
  if (op.scope) requireScope(caller, op.scope);
  const checks = request!;
  if (checks.refusal) throw checks.refusal;
  return { op, params, checks };
}

function requireScope(caller: Caller, scope: string): void {
  if (!caller.scopes.includes(scope))
    throw new ApiError(403, 'insufficient_scope', `This key lacks the ${scope} scope`, { code: scope });
}
