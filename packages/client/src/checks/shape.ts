// Pre-send shape checks: a request the server would refuse for its shape is
// stopped here, because a 400 is still billed and spends rate-limit budget.
// The specs themselves live in @extkit/api, shared with the emulator.
import { shapeIssues, type ShapeSpec } from '@extkit/api';
import { LocalCheckError } from '../core/errors.js';

/** Throws LocalCheckError when `value` breaks `spec` and checks are on. */
export function enforce(checksOn: boolean, value: unknown, spec: ShapeSpec): void {
  if (!checksOn) return;
  const issues = shapeIssues(value, spec);
  if (issues.length > 0) throw new LocalCheckError(issues);
}
