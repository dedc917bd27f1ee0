// The harness's one error class: what the test's author must fix (a manifest,
// an id, an option, a component that throws), with a stable code to branch on.

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
  | 'testing.no_document';

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
