// The model every output format of `extkit validate` renders: one outcome per manifest, each
// diagnostic with its file, line, column and the documentation of its code.

export type Severity = 'error' | 'warning';

/** A diagnostic as machine output carries it. `path` is the JSON Pointer into the manifest, when it has one. */
export interface Finding {
  code: string;
  severity: Severity;
  message: string;
  path?: string;
  file: string;
  line?: number;
  column?: number;
  /** The code's row in docs/rules.md. */
  docs: string;
  /** Past the kit's bound on one code's findings (docs/rules.md): how many more this one counts, beyond itself. */
  more?: number;
}

/** What `extkit validate` found about one manifest. */
export interface Outcome {
  /** As given on the command line (`<stdin>` for `-`), relative to the working folder. */
  file: string;
  /** No errors (--max-warnings counts the warnings of all manifests together, in the run's verdict). */
  ok: boolean;
  errors: Finding[];
  warnings: Finding[];
  manifest: unknown;
  /** Warnings silenced by package.json "extkit.ignore". */
  silenced?: number;
  /** With --bundle: what the bundle registered. */
  registrations?: Array<{ kind: string; id: string }>;
  /** The manifest's text, for code frames. */
  text?: string;
}

/** The findings of a run, errors first, each list in its own order. */
export const findingsOf = (outcome: Outcome): Finding[] => [...outcome.errors, ...outcome.warnings];

/** How many findings of a code a human-facing format shows before it counts the rest. */
export const SHOWN_PER_CODE = 20;

/**
 * Splits findings into those shown and, per code, how many more there are: the first
 * SHOWN_PER_CODE of each code are shown, in order.
 */
export function capPerCode(findings: readonly Finding[]): {
  shown: Finding[];
  hidden: Map<string, { severity: Severity; count: number }>;
} {
  const seen = new Map<string, number>();
  const shown: Finding[] = [];
  const hidden = new Map<string, { severity: Severity; count: number }>();
  for (const f of findings) {
    const n = (seen.get(f.code) ?? 0) + 1;
    seen.set(f.code, n);
    if (n <= SHOWN_PER_CODE) shown.push(f);
    else {
      const h = hidden.get(f.code) ?? { severity: f.severity, count: 0 };
      h.count++;
      hidden.set(f.code, h);
    }
  }
  return { shown, hidden };
}

export const plural = (n: number, word: string): string => `${n.toLocaleString('en')} ${word}${n === 1 ? '' : 's'}`;
