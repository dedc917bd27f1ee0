import { readFileSync, readSync, statSync } from 'node:fs';
import { relative } from 'node:path';
import {
  diagnosticPositions,
  findingCount,
  findManifest,
  RULES,
  ruleUrl,
  validateManifestText,
  validateOptionsFor,
  whyNoManifest,
  whyNotAFile,
  type Diagnostic,
  type Manifest,
} from '@extkit/manifest';
import { paint, useColor } from '@extkit/manifest/terminal';
import { UsageError } from '../errors.js';
import { requirePublisher } from '../flags.js';
import type { Finding, Outcome, Severity } from '../format/findings.js';
import { fixTarget } from './fix.js';

export const FORMATS = ['text', 'json', 'sarif', 'github'] as const;
export type Format = (typeof FORMATS)[number];

export interface ValidateFlags {
  json?: boolean;
  format?: string;
  maxWarnings?: string;
  publisher?: string;
  bundle?: string;
  fix?: boolean;
  fixDryRun?: boolean;
}

/** A manifest is a small JSON file; past this a file is refused before it is read (the validator answers up to 10 MB and more). */
const MAX_BYTES = 64 * 1024 * 1024;

/** The output format the flags ask for; a usage error when they disagree or name none we know. */
export function formatOf(flags: ValidateFlags): Format {
  const format = flags.format ?? (flags.json ? 'json' : 'text');
  if (!(FORMATS as readonly string[]).includes(format))
    throw new UsageError(
      'flag.invalid',
      `--format must be one of ${FORMATS.join(', ')}, got ${JSON.stringify(format)}`,
    );
  if (flags.json && format !== 'json')
    throw new UsageError('flag.conflict', `--json asks for --format json, but --format says ${format}; give one`);
  return format as Format;
}

function maxWarningsOf(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  if (!/^(0|[1-9]\d*)$/.test(value))
    throw new UsageError(
      'flag.invalid',
      `--max-warnings must be a whole number, 0 or more, got ${JSON.stringify(value)}`,
    );
  return Number(value);
}

export interface Target {
  /** How the file is named in the output. */
  file: string;
  /** Where its package.json settings are read from. */
  dir: string;
  /** The manifest file, when it is one (not standard input). */
  path?: string;
  read: () => Buffer;
}

/** Resolves every path before anything is validated, so that a usage error leaves no partial output. */
function resolveTargets(paths: string[]): Target[] {
  if (paths.filter((p) => p === '-').length > 1)
    throw new UsageError('stdin.twice', '"-" (standard input) can be given once');
  return paths.map((target) => {
    if (target === '-') return { file: '<stdin>', dir: process.cwd(), read: readStdin };
    const location = findManifest(target);
    if (!location)
      throw new UsageError(
        'manifest.not_found',
        `${whyNoManifest(target)}: give a manifest.json file or a folder that holds one`,
      );
    const size = statSync(location.manifestPath).size;
    if (size > MAX_BYTES)
      throw new UsageError(
        'manifest.too_large',
        `${location.manifestPath} is ${(size / 2 ** 20).toFixed(0)} MiB; a manifest is a small JSON file, and extkit reads at most ${MAX_BYTES / 2 ** 20} MiB`,
      );
    const file = relative(process.cwd(), location.manifestPath) || location.manifestPath;
    return {
      file,
      dir: location.dir,
      path: location.manifestPath,
      read: () => {
        try {
          return readFileSync(location.manifestPath);
        } catch (err) {
          throw new UsageError(
            'manifest.unreadable',
            `cannot read ${location.manifestPath}: ${(err as Error).message}`,
          );
        }
      },
    };
  });
}

function readStdin(): Buffer {
  const chunks: Buffer[] = [];
  let total = 0;
  const chunk = Buffer.alloc(1 << 16);
  for (;;) {
    let n: number;
    try {
      n = readSyncRetrying(chunk);
    } catch (err) {
      throw new UsageError('stdin.unreadable', `cannot read standard input: ${(err as Error).message}`);
    }
    if (n === 0) break;
    total += n;
    if (total > MAX_BYTES)
      throw new UsageError(
        'manifest.too_large',
        `standard input is over ${MAX_BYTES / 2 ** 20} MiB; a manifest is a small JSON file`,
      );
    chunks.push(Buffer.from(chunk.subarray(0, n)));
  }
  return Buffer.concat(chunks);
}

// fd 0 may be non-blocking (a pipe from some shells): wait and retry on EAGAIN.
function readSyncRetrying(buffer: Buffer): number {
  for (;;) {
    try {
      return readSync(0, buffer, 0, buffer.length, null);
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code === 'EOF') return 0;
      if (code !== 'EAGAIN') throw err;
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 5);
    }
  }
}

type Scan = Awaited<ReturnType<(typeof import('@extkit/bundler'))['scanBundle']>>;

/** `extkit validate`: validates each path (or standard input), prints the report in the asked format, and returns the exit code. */
export async function runValidate(paths: string[], flags: ValidateFlags): Promise<number> {
  const format = formatOf(flags);
  const maxWarnings = maxWarningsOf(flags.maxWarnings);
  await requirePublisher(flags.publisher);
  if (flags.bundle !== undefined && paths.length > 1)
    throw new UsageError('flag.conflict', '--bundle checks one manifest against its bundle; give one path');
  const notABundle = flags.bundle === undefined ? undefined : whyNotAFile(flags.bundle);
  if (notABundle) throw new UsageError('bundle.not_found', `--bundle: ${notABundle}`);
  const targets = resolveTargets(paths);
  const fixing = flags.fix === true || flags.fixDryRun === true;
  if (flags.fix && flags.fixDryRun)
    throw new UsageError('flag.conflict', '--fix writes the fixes and --fix-dry-run only shows them; give one');
  if (fixing && targets.some((t) => t.path === undefined))
    throw new UsageError(
      'flag.conflict',
      '--fix writes manifest.json back: give a file or a folder, not standard input (-)',
    );

  const outcomes: Outcome[] = [];
  let fixText = '';
  for (const target of targets) {
    const fixed = fixing ? await fixTarget(target, flags) : null;
    const { report, text, keysRepeat } = fixed
      ? { ...fixed, keysRepeat: undefined }
      : validateManifestText(target.read(), validateOptionsFor(target.dir, flags.publisher));
    // One walk over the text places errors and warnings alike.
    const at = diagnosticPositions(text, [...report.errors, ...report.warnings], { keysRepeat });
    const findings = (severity: Severity, list: Diagnostic[], first: number): Finding[] =>
      list.map((d, i) => ({
        code: d.code,
        severity,
        message: d.message,
        path: d.path,
        file: target.file,
        ...at[first + i],
        docs: ruleUrl(d.code),
        ...(d.more ? { more: d.more } : {}),
      }));
    const errors = findings('error', report.errors, 0);
    const warnings = findings('warning', report.warnings, report.errors.length);
    const outcome: Outcome = {
      file: target.file,
      ok: errors.length === 0,
      errors,
      warnings,
      manifest: report.manifest,
      ...(report.silenced ? { silenced: report.silenced } : {}),
      ...(text !== undefined ? { text } : {}),
      ...(fixed ? fixed.outcome : {}),
    };
    if (fixed) fixText += fixed.human;
    if (flags.bundle !== undefined) {
      const scan = await scanDeclared(flags.bundle, report.manifest);
      const toFindings = (severity: Severity, list: Scan['errors']): Finding[] => {
        // The findings about the manifest are placed in one walk over its text, not one each.
        const pointers = list.flatMap((d) => (!d.location && d.path !== undefined ? [{ path: d.path }] : []));
        const inManifest = diagnosticPositions(text, pointers);
        let next = 0;
        return list.map((d) => {
          const at = d.location
            ? {
                file: relative(process.cwd(), d.location.file) || d.location.file,
                line: d.location.line,
                column: d.location.column + 1,
              }
            : d.path !== undefined
              ? { file: target.file, ...inManifest[next++] }
              : { file: flags.bundle! };
          return {
            code: d.code,
            severity,
            message: d.message,
            ...(d.path !== undefined ? { path: d.path } : {}),
            ...at,
            docs: ruleUrl(d.code),
          };
        });
      };
      // Concatenated, not pushed with a spread: an argument per finding overflows the stack on a large list.
      outcome.errors = outcome.errors.concat(toFindings('error', scan.errors));
      outcome.warnings = outcome.warnings.concat(toFindings('warning', scan.warnings));
      outcome.ok = outcome.errors.length === 0;
      outcome.registrations = scan.registrations;
    }
    outcomes.push(outcome);
  }

  const warnings = outcomes.reduce((n, o) => n + findingCount(o.warnings), 0);
  const ok = outcomes.every((o) => o.ok) && (maxWarnings === undefined || warnings <= maxWarnings);
  process.stdout.write((format === 'text' ? fixText : '') + (await render(format, outcomes, ok, maxWarnings)));
  return ok ? 0 : 1;
}

async function render(
  format: Format,
  outcomes: Outcome[],
  ok: boolean,
  maxWarnings: number | undefined,
): Promise<string> {
  switch (format) {
    case 'json':
      return (await import('../format/json.js')).renderJson(outcomes, ok);
    case 'sarif':
      return (await import('../format/sarif.js')).renderSarif(outcomes, await sarifTool());
    case 'github':
      return (await import('../format/github.js')).renderGithub(outcomes);
    case 'text':
      return (await import('../format/text.js')).renderText(outcomes, paint(useColor()), maxWarnings);
  }
}

/** The driver SARIF names: extkit's version, and what each code checks (docs/rules.md's words). */
export async function sarifTool() {
  const { readOwnVersion } = await import('../version.js');
  const { SCAN_RULES } = await import('@extkit/bundler/rules');
  const table: Record<string, { checks: string }> = { ...RULES, ...SCAN_RULES };
  return {
    version: readOwnVersion(),
    describe: (code: string) => (Object.hasOwn(table, code) ? table[code]!.checks.replace(/`/g, '') : undefined),
  };
}

/** Runs the bundle in the bundler's isolated scan and compares its registrations with contributes. */
async function scanDeclared(bundle: string, manifest: Manifest | null): Promise<Scan> {
  if (!manifest) return { registrations: [], errors: [], warnings: [] }; // nothing to compare against
  const { scanBundle } = await import('@extkit/bundler');
  return scanBundle(bundle, manifest);
}
