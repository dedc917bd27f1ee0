import { describe, expect, it } from 'vitest';
import { takeOutputs } from './outputs.js';

const file = (path: string, text: string) => ({ path, contents: Buffer.from(text) });

describe('takeOutputs', () => {
  it("appends the stylesheet to the script before its source-map comment, as a call of the runtime's adoptStyles", () => {
    const r = takeOutputs(
      [
        file('/x/dist/a.js', '(()=>{})();\n//# sourceMappingURL=a.js.map\n'),
        file('/x/dist/a.js.map', '{}'),
        file('/x/dist/a.css', 'h1{color:red}\n/*# sourceMappingURL=a.css.map */\n'),
        file('/x/dist/a.css.map', '{}'),
      ],
      '/x/dist/a.js',
      '/x',
    );
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const code = Buffer.from(r.code).toString();
    expect(code).toMatch(
      /^\(\(\)=>\{\}\)\(\);\n;\(function adoptStyles\(css\) \{.*\}\)\("h1\{color:red\}"\);\n\/\/# sourceMappingURL=a\.js\.map\n$/s,
    );
    expect(code.split('\n')).toHaveLength(4);
    expect(r.cssBytes).toBe('h1{color:red}'.length);
  });

  it('refuses any output it does not take, rather than drop it', () => {
    const r = takeOutputs(
      [file('/x/dist/a.js', ''), file('/x/dist/a.js.map', '{}'), file('/x/dist/logo-X1.png', 'png')],
      '/x/dist/a.js',
      '/x',
    );
    expect(r).toEqual({
      ok: false,
      errors: [
        expect.objectContaining({
          code: 'build.output_unexpected',
          message: expect.stringContaining('dist/logo-X1.png'),
        }),
      ],
    });
  });
});
