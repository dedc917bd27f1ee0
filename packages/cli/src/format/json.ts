// `--format json` (and `--json`): one JSON document on stdout.
import type { Finding, Outcome } from './findings.js';

const strip = ({ text: _, ...rest }: Outcome) => rest;

/**
 * One manifest: `{ ok, valid, errors, warnings, manifest }` (plus `silenced`, `registrations`).
 * Several: `{ ok, valid, results: [one such document per manifest, with its file] }`.
 * `ok` is the run's verdict (exit 0), the name every command's JSON uses; `valid` is its alias, kept
 * for a release. Each result's own `ok` says whether that manifest has no errors.
 */
export function renderJson(outcomes: readonly Outcome[], ok: boolean): string {
  if (outcomes.length === 1) {
    const { ok: _, file, errors, warnings, manifest, ...rest } = strip(outcomes[0]!);
    return JSON.stringify({ ok, valid: ok, file, errors, warnings, manifest, ...rest }, null, 2) + '\n';
  }
  return (
    JSON.stringify({ ok, valid: ok, results: outcomes.map((o) => ({ ...strip(o), valid: o.ok })) }, null, 2) + '\n'
  );
}

export type { Finding };
