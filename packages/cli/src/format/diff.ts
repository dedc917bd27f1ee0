// `extkit diff` for a person: a header naming both sides, the changes grouped by section (the
// way a permission diff reads before an upgrade), each with why it widens or not, and a verdict.
import { relative } from 'node:path';
import type { DiffInput } from '@extkit/bundler';
import type { ManifestChange, ManifestDiff, Section } from '@extkit/manifest/diff';
import type { Paint } from '@extkit/manifest/terminal';

const TITLES: Record<Section, string> = {
  identity: 'Identity',
  capabilities: 'Capabilities (what it may reach)',
  contributes: 'Where it loads (contributes)',
  lineage: 'Editor lineage',
  config: 'Settings (config)',
  bundle: 'Bundle',
  other: 'Members the kit does not know',
};

const ADDS = /\.(added|imposed|declared)$/;
const REMOVES = /\.(removed|lifted|undeclared)$/;
const mark = (c: ManifestChange): string => (ADDS.test(c.code) ? '+' : REMOVES.test(c.code) ? '-' : '~');

const where = (input: DiffInput): string =>
  input.kind === 'published' ? input.path : relative(process.cwd(), input.path) || '.';
const name = (s: ManifestDiff['older']): string => `${s.id ?? '(no id)'} ${s.version ?? '(no version)'}`;

function heading(diff: ManifestDiff): string {
  const subject =
    diff.older.id === diff.newer.id
      ? `${diff.older.id ?? '(no id)'} ${diff.older.version} → ${diff.newer.version}`
      : `${name(diff.older)} → ${name(diff.newer)}`;
  switch (diff.direction) {
    case 'upgrade':
      return `${subject} (upgrade)`;
    case 'downgrade':
      return `${subject} (downgrade: the second is the lower version; the diff reads from the first to the second, as a rollback would)`;
    case 'same':
      return `${subject} (the same version${diff.changes.length > 0 ? ': a published version never changes, so these are not both what was published' : ''})`;
    case 'unordered':
      return `${subject} (versions that semver cannot order)`;
  }
}

export function renderDiff(
  diff: ManifestDiff,
  older: DiffInput,
  newer: DiffInput,
  failOnWiden: boolean,
  p: Paint,
): string {
  const side = (label: string, input: DiffInput) =>
    `  ${label} ${where(input)}${input.integrity ? p.dim(`  ${input.integrity}`) : p.dim(`  (${input.kind === 'manifest' ? 'a manifest file: no bundle' : input.kind})`)}\n`;
  let out = `${p.bold(heading(diff))}\n${side('from', older)}${side('to  ', newer)}`;
  for (const input of [older, newer]) {
    if (input.warnings.length > 0)
      out += p.dim(
        `  ${where(input)}: ${input.warnings.length} validator warning${input.warnings.length === 1 ? '' : 's'} (extkit validate shows them)\n`,
      );
  }
  out += renderChanges(diff.changes, p);
  const widening = diff.changes.filter((c) => c.widens).length;
  if (diff.changes.length === 0) out += `\n${p.green('✓')} no changes a reviewer or an installer would see\n`;
  else if (widening === 0)
    out += `\n${p.green('✓')} ${count(diff.changes.length)}; none widens what the extension can reach\n`;
  else
    out += `\n${failOnWiden ? p.red('✗') : p.yellow('!')} ${count(diff.changes.length)}; ${widening} widen${widening === 1 ? 's' : ''} what the extension can reach${failOnWiden ? ' (--fail-on-widen: exit 1)' : ''}\n`;
  return out;
}

/** The changes grouped by section, each marked +, - or ~ with its reason, a widening one in red: `extkit diff`'s words, which publish and review print too. */
export function renderChanges(changes: readonly ManifestChange[], p: Paint, indent = ''): string {
  let out = '';
  let section: Section | undefined;
  for (const c of changes) {
    if (c.section !== section) {
      section = c.section;
      out += `\n${indent}${p.bold(TITLES[section])}\n`;
    }
    const line = `${indent}  ${mark(c)} ${c.message}`;
    out += c.widens ? `${p.red(line)}  ${p.red(p.bold('widens'))}\n` : `${line}\n`;
    out += `${indent}      ${p.dim(c.reason)}\n`;
  }
  return out;
}

const count = (n: number) => `${n} change${n === 1 ? '' : 's'}`;
