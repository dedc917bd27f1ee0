// What a shape check finds: the one contract the shape specs (shape.ts) and the rules between
// members (rules.ts) both speak, kept apart so that neither imports the other.
import type { LocalCheckCode } from './types/error-codes.js';

/** One problem with a request's shape, at a JSON Pointer into the params. */
export interface ShapeIssue {
  /** What is wrong: one of the codes docs/client.md lists under "Local checks". */
  code: LocalCheckCode;
  /** JSON Pointer into the params, e.g. `/lineItems` or `/status`. */
  path: string;
  message: string;
}

/** A rule over one object: the issue it finds, or null. `at` is the object's JSON Pointer. */
export type ShapeRule = (body: Readonly<Record<string, unknown>>, at: string) => ShapeIssue | null;
