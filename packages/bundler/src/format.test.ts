import { describe, expect, it } from 'vitest';
import { formatDiagnostic } from './format.js';

describe('formatDiagnostic', () => {
  it('prints position, severity, code and message, and a code frame with a caret under the column', () => {
    const text = formatDiagnostic(
      {
        code: 'build.bundle_error',
        message: 'Expected ")" but found "}"',
        location: { file: 'src/index.ts', line: 12, column: 2, lineText: '  };' },
      },
      'error',
      { color: false },
    );
    expect(text).toBe(
      'src/index.ts:12:3  error  build.bundle_error\n  Expected ")" but found "}"\n> 12 |   };\n     |   ^\n',
    );
  });

  it('shows a window of a long minified line around the column, and no frame without line text', () => {
    const lineText = `${'a'.repeat(1000)}BOOM${'b'.repeat(1000)}`;
    const text = formatDiagnostic(
      { code: 'scan.threw', message: 'm', location: { file: 'dist/x.js', line: 1, column: 1000, lineText } },
      'error',
      { color: false },
    );
    const [, frame, caret] = text.split('\n').slice(1);
    expect(frame!.length).toBeLessThan(200);
    expect(caret!.indexOf('^') - '    | '.length).toBe(frame!.indexOf('BOOM') - '> 1 | '.length);
    expect(formatDiagnostic({ code: 'scan.timeout', message: 'too long' }, 'error', { color: false })).toBe(
      'error  scan.timeout\n  too long\n',
    );
  });

  it('names the manifest pointer for manifest findings, and colours only when asked', () => {
    const d = {
      code: 'scan.unregistered_contribution',
      path: '/contributes/site/features/0',
      message: 'never registered',
    };
    expect(formatDiagnostic(d, 'warning', { color: false })).toBe(
      'manifest.json  warning  scan.unregistered_contribution  /contributes/site/features/0\n  never registered\n',
    );
    expect(formatDiagnostic(d, 'warning', { color: true })).toContain('\u001b[33mwarning\u001b[39m');
  });
});
