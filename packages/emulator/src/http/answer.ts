// What a stage of the pipeline answers, and a thrown error turned into that answer.
import { ApiError } from './errors.js';

export interface Answer {
  status: number;
  body: unknown;
  /** Sent verbatim (an idempotent replay's original body). */
  raw?: string;
  headers: Record<string, string>;
}

/** A documented refusal as its envelope; anything else is a bug, logged and answered 500. */
export function failure(error: unknown): Answer {
  if (error instanceof ApiError) return { status: error.status, body: error.body, headers: error.headers };
  console.error('[extkit emulator] internal error:', error);
  return {
    status: 500,
    body: {
      error: { type: 'internal_error', message: 'The emulator failed; this is a bug in extkit, please report it' },
    },
    headers: {},
  };
}
