import { locatePointer, type Diagnostic } from '@extkit/manifest';
import { codeFrame, type Paint } from '@extkit/manifest/terminal';

/**
 * One line per diagnostic: `file:line:col  severity  code  pointer  message`, and a
 * code frame under JSON syntax errors.
 */
export function printDiagnostics(file: string, text: string | undefined, items: ReadonlyArray<readonly ['error' | 'warning', Diagnostic]>, p: Paint): void {
  for (const [severity, d] of items) {
    const at = d.line !== undefined ? { line: d.line, column: d.column ?? 1 } : text !== undefined ? locatePointer(text, d.path) : undefined;
    const where = at ? `${file}:${at.line}:${at.column}` : file;
    const label = severity === 'error' ? p.red('error') : p.yellow('warning');
    process.stdout.write(`${where}  ${label}  ${p.bold(d.code)}  ${p.dim(d.path === '' ? '(document)' : d.path)}\n  ${d.message}\n`);
    if (d.code === 'json.syntax' && at && text !== undefined) process.stdout.write(codeFrame(text, at.line, at.column - 1, { mark: p.red }) + '\n');
  }
}
