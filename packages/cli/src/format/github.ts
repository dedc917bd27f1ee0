// `--format github`: GitHub Actions workflow commands, which the runner turns into annotations.
// https://docs.github.com/actions/reference/workflow-commands-for-github-actions
import { printable } from '@extkit/manifest/terminal';
import { capPerCode, findingsOf, plural, type Outcome } from './findings.js';

// The runner's own escaping: data escapes %, CR and LF; property values also ":" and ",".
const data = (s: string): string => s.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
const property = (s: string): string => data(s).replace(/:/g, '%3A').replace(/,/g, '%2C');

/** One annotation per finding (the first 20 of each code: the runner shows only so many), then a notice for the rest. */
export function renderGithub(outcomes: readonly Outcome[]): string {
  let out = '';
  for (const outcome of outcomes) {
    const { shown, hidden } = capPerCode(findingsOf(outcome));
    for (const f of shown) {
      const props = [
        `file=${property(f.file)}`,
        ...(f.line !== undefined ? [`line=${f.line}`] : []),
        ...(f.column !== undefined ? [`col=${f.column}`] : []),
        `title=${property(f.code)}`,
      ];
      // A key from the manifest may hold control characters (an escape sequence): shown, never sent to the log raw.
      out += `::${f.severity} ${props.join(',')}::${data(printable(`${f.message} (${f.path === undefined || f.path === '' ? 'document' : f.path}; ${f.docs})`))}\n`;
    }
    for (const [code, { severity, count }] of hidden) {
      out += `::notice file=${property(outcome.file)},title=${property(code)}::${data(`${plural(count, `more ${code} ${severity}`)} not annotated; --format json lists every one`)}\n`;
    }
  }
  return out;
}

/** A usage error as a workflow error annotation. */
export const renderUsageErrorGithub = (code: string, message: string): string =>
  `::error title=${property(code)}::${data(message)}\n`;
