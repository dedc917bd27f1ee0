// `extkit validate --fix` / `--fix-dry-run` on one target: @extkit/manifest/fix does the work,
// this file says it for a person and for machine output.
import { validateOptionsFor } from '@extkit/manifest';
import { UsageError } from '../errors.js';

/** What `--fix` reads of a validate target (validate.ts's Target) and of its flags: declared here, so neither file imports the other back. */
interface FixTarget {
  file: string;
  dir: string;
  path?: string;
}
interface FixFlags {
  publisher?: string;
  fixDryRun?: boolean;
}

/**
 * `--fix` / `--fix-dry-run` on one manifest file: the fixed text's report, the fixes and
 * suggestions for machine output, and the lines a person reads (with a dry run, the diff).
 */
export async function fixTarget(target: FixTarget, flags: FixFlags) {
  const { fixManifestFile, unifiedDiff, UnsafeFixError } = await import('@extkit/manifest/fix');
  const { paint, useColor } = await import('@extkit/manifest/terminal');
  const p = paint(useColor());
  let r;
  try {
    r = await fixManifestFile(target.path!, validateOptionsFor(target.dir, flags.publisher), {
      write: flags.fixDryRun !== true,
    });
  } catch (err) {
    if (err instanceof UnsafeFixError) throw err;
    throw new UsageError('fix.unwritable', `cannot fix ${target.file}: ${(err as Error).message}`);
  }
  const where = (x: { line?: number; column?: number }) =>
    `${target.file}${x.line !== undefined ? `:${x.line}:${x.column ?? 1}` : ''}`;
  const shown = (v: unknown) => JSON.stringify(v);
  let human = '';
  for (const f of r.fixes)
    human += `${where(f)}  ${p.green(flags.fixDryRun ? 'would fix' : 'fixed')}  ${f.code}  ${f.after === null ? `removed the repeat ${shown(f.before)}` : `${shown(f.before)} → ${shown(f.after)}`}\n`;
  for (const s of r.suggestions)
    human += `${where(s)}  ${p.yellow('yours to decide')}  ${s.code}  ${s.suggestion ? `suggestion: ${s.suggestion}` : s.message}\n`;
  const diff = flags.fixDryRun ? unifiedDiff(r.original, r.edits, target.file) : '';
  if (flags.fixDryRun) human += diff;
  if (r.fixes.length > 0)
    human += `${p.green('✓')} ${flags.fixDryRun ? `--fix would change ${target.file} (${r.fixes.length} fix${r.fixes.length === 1 ? '' : 'es'}); nothing was written` : `wrote ${target.file} (${r.fixes.length} fix${r.fixes.length === 1 ? '' : 'es'}, its formatting kept)`}\n`;
  else if (r.suggestions.length === 0) human += `${p.dim(`nothing for --fix to change in ${target.file}`)}\n`;
  if (human) human += '\n';
  return {
    report: r.report,
    text: r.text,
    human,
    outcome: {
      fixes: r.fixes,
      suggestions: r.suggestions,
      ...(flags.fixDryRun ? { diff } : { written: r.written !== null }),
    },
  };
}
