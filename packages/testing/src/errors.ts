// The harness's one error class: what the test's author must fix (a manifest,
// an id, an option, a component that throws), with a stable code to branch on.
import type { SandboxPermission } from '@extkit/runtime/bridge';

/** Stable codes of TestingError, documented in docs/testing.md. */
export type TestingErrorCode =
  | 'testing.manifest_not_found'
  | 'testing.manifest_invalid'
  | 'testing.not_declared'
  | 'testing.ambiguous_id'
  | 'testing.not_registered'
  | 'testing.prop_undeclared'
  | 'testing.event_undeclared'
  | 'testing.emit_unsent'
  | 'testing.config_invalid'
  | 'testing.mount_threw'
  | 'testing.listener_threw'
  | 'testing.cleanup_threw'
  | 'testing.unmounted'
  | 'testing.no_document'
  | 'testing.network_blocked'
  | 'testing.api_invalid'
  | 'testing.api_undeclared'
  | 'testing.no_emulator'
  | 'testing.operation_unknown'
  | 'testing.no_plugin'
  | 'testing.build_failed'
  | 'testing.frame_timeout'
  | 'testing.frame_error'
  | SandboxCode;

/** The code of a strict test's failure on a refusal of the sandbox attribute: the permission the frame lacks. */
export type SandboxCode = `testing.needs_${Snake<SandboxPermission>}`;
type Snake<S extends string> = S extends `${infer A}-${infer B}` ? `${A}_${Snake<B>}` : S;

/** The code naming `permission`, e.g. testing.needs_allow_forms. */
export const sandboxCode = (permission: SandboxPermission): SandboxCode =>
  `testing.needs_${permission.replace(/-/g, '_')}` as SandboxCode;

/** A problem render() found, stated with what to change. `cause` holds the component's own error when it threw. */
export class TestingError extends Error {
  override name = 'TestingError';
  constructor(
    readonly code: TestingErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}
