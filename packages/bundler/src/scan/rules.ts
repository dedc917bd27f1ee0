// Every code the registration scan can report, with its severity and what it checks: the one
// place these codes are authored. docs/rules.md (the kit's one table of codes) is generated from
// this table and @extkit/manifest's; a test fails when the scan uses a code that is not here.
// Loaded on its own (`@extkit/bundler/rules`), so that reading it loads no esbuild.

export interface ScanRule {
  severity: 'error' | 'warning';
  checks: string;
}

export const SCAN_RULES = {
  'scan.threw': {
    severity: 'error',
    checks: 'The bundle threw, or rejected a promise nothing handled, while it was scanned (with the bundle position).',
  },
  'scan.timeout': {
    severity: 'error',
    checks: "The bundle finished evaluating within the scan's time limit (no endless loop, promise chain or timers).",
  },
  'scan.out_of_memory': {
    severity: 'error',
    checks:
      "The bundle stayed within the scan's memory limit (its heap, and the process's whole memory: ArrayBuffers included).",
  },
  'scan.crashed': { severity: 'error', checks: 'The scan process stopped for another reason.' },
  'scan.bundle_unreadable': { severity: 'error', checks: 'The bundle file could be read.' },
  'scan.contributes_missing': {
    severity: 'error',
    checks: 'A bundle that registers anything has a manifest with `contributes` (the platform refuses it at publish).',
  },
  'scan.undeclared_registration': {
    severity: 'error',
    checks: 'Every contribution the bundle registers is declared in `contributes`.',
  },
  'scan.unregistered_contribution': {
    severity: 'warning',
    checks:
      '`contributes` declares only what the bundle registers; a declared contribution never registered leaves the host nothing to mount.',
  },
} as const satisfies Record<string, ScanRule>;

export type ScanCode = keyof typeof SCAN_RULES;
