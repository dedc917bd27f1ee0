// Kit policy on a flood of unknown keys: how many of one object's are reported one each. The
// rules' texts state it (docs/rules.md) and unknown-keys.ts applies it, from this one constant.

/**
 * An object's first 10,000 unknown keys are reported one by one; the rest in one finding at the
 * first of them, which counts them. A linter's flood is no help to a reader, and listing and
 * placing 775,000 of them took longer than the 1 s a 10 MB manifest is given.
 */
export const LISTED_UNKNOWN_KEYS = 10_000;

// Not toLocaleString('en'): loading ICU's data for it cost 8 ms of a cold run.
export const thousands = (n: number): string => String(n).replace(/\B(?=(\d{3})+$)/g, ',');

/** The policy as a rule's text states it. */
export const LISTED_POLICY = `Kit policy: an object's first ${thousands(LISTED_UNKNOWN_KEYS)} unknown keys are reported one each; past them, one more finding at the next counts the rest.`;

/** The policy for the manifest's unknown properties, which share one count over all its objects, as a rule's text states it. */
export const LISTED_PROPERTIES_POLICY = `Kit policy: the manifest's first ${thousands(LISTED_UNKNOWN_KEYS)} unknown keys, in all its objects together, are reported one each; past them, one more finding at the next counts the rest.`;

/** The bound on every other code's findings (diagnostics.ts), as the summary's message and docs state it. */
export const LISTED_FINDINGS_POLICY = `kit policy: a manifest's first ${thousands(LISTED_UNKNOWN_KEYS)} findings of one code are reported one each, the rest in this one finding`;
