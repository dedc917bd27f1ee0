// What a rule is (its severity, source, what it checks and what --fix does with it), and the two
// ways of writing one: a platform rule or the kit's policy.

export type Severity = 'error' | 'warning';
/** `platform`: the seed's "Extension manifest" section says so. `kit`: the kit's own policy where the seed is silent. */
export type RuleSource = 'platform' | 'kit';

/**
 * What `extkit validate --fix` does with a finding: `fixes` it (exactly one right answer, the form the
 * normalized manifest already carries), or `suggests` a change and leaves the decision to a person.
 * Absent: neither.
 */
export type RuleFix = 'fixes' | 'suggests';

export interface Rule {
  severity: Severity;
  source: RuleSource;
  checks: string;
  fix?: RuleFix;
}

/** A rule the seed's "Extension manifest" section states. */
export const platform = (severity: Severity, checks: string, fix?: RuleFix): Rule =>
  fix ? { severity, source: 'platform', checks, fix } : { severity, source: 'platform', checks };
/** The kit's policy where the seed is silent. */
export const kit = (severity: Severity, checks: string, fix?: RuleFix): Rule =>
  fix ? { severity, source: 'kit', checks, fix } : { severity, source: 'kit', checks };
