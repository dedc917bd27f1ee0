// `--format text` (the default): one line per diagnostic for a person, a code frame under
// syntax errors, at most 20 of each code with a count of the rest, and a summary per manifest
// (and one when the warnings pass --max-warnings).
import { findingCount } from '@extkit/manifest';
import { codeFrame, printable, type Paint } from '@extkit/manifest/terminal';
import { capPerCode, findingsOf, plural, type Outcome } from './findings.js';

export function renderText(outcomes: readonly Outcome[], p: Paint, maxWarnings: number | undefined): string {
  const total = outcomes.reduce((n, o) => n + findingCount(o.warnings), 0);
  let out = '';
  for (const o of outcomes) {
    const { shown, hidden } = capPerCode(findingsOf(o));
    for (const f of shown) {
      // A pointer names the manifest's keys as written, control characters too: printed as they
      // are, a key could move the cursor and write over the lines above it (an error, the verdict).
      const where = printable(f.line !== undefined ? `${f.file}:${f.line}:${f.column ?? 1}` : f.file);
      const label = f.severity === 'error' ? p.red('error') : p.yellow('warning');
      const pointer = f.path === undefined ? '' : `  ${p.dim(f.path === '' ? '(document)' : printable(f.path))}`;
      out += `${where}  ${label}  ${p.bold(f.code)}${pointer}\n  ${printable(f.message)}\n`;
      if (f.code === 'json.syntax' && f.line !== undefined && o.text !== undefined)
        out += codeFrame(o.text, f.line, (f.column ?? 1) - 1, { mark: p.red }) + '\n';
    }
    for (const [code, { severity, count }] of hidden)
      out += p.dim(`  ... and ${plural(count, `more ${code} ${severity}`)} (--format json lists every one)`) + '\n';
    if (o.registrations)
      out += `  the bundle registers ${printable(o.registrations.map((r) => `${r.kind} ${r.id}`).join(', ')) || 'nothing'}\n`;
    const silenced = o.silenced ? `, ${o.silenced} silenced by package.json "extkit.ignore"` : '';
    const counts = `${plural(findingCount(o.errors), 'error')}, ${plural(findingCount(o.warnings), 'warning')}${silenced}`;
    const file = printable(o.file);
    out += o.ok ? `${p.green('✓')} ${file} is valid (${counts})\n` : `${p.red('✗')} ${file} is invalid (${counts})\n`;
  }
  if (maxWarnings !== undefined && total > maxWarnings)
    out += `${p.red('✗')} ${plural(total, 'warning')}, more than --max-warnings ${maxWarnings} allows\n`;
  return out;
}
