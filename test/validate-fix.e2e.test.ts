// `extkit validate --fix` and `--fix-dry-run` through the real binary, on files a user (or a
// hostile one) writes: odd formatting, CRLF, a byte order mark, a symbolic link, comments,
// UTF-16, a key written twice, a large file. What has one right answer is fixed with the file's
// own formatting; what needs a decision is listed, never changed; nothing is corrupted or lost.
import { lstatSync, mkdirSync, readFileSync, statSync, symlinkSync, chmodSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli, tempDir } from './helpers/cli.js';

const tmp = tempDir('extkit-validate-fix-');
afterAll(tmp.cleanup);
let n = 0;
const folder = (manifest: string | Buffer, name = 'manifest.json'): string => {
  const dir = join(tmp.dir, `case-${n++}`);
  mkdirSync(dir);
  writeFileSync(join(dir, name), manifest);
  return dir;
};

const CRLF = (lines: string[]) => lines.join('\r\n') + '\r\n';
const BOM = '\ufeff';
const messy = CRLF([
  '{',
  '    "name": "Weather",',
  '    "id": "weather-widget",',
  '    "version": "1.0.0",',
  '    "entry": "dist/index.js",',
  '    "hostAbi": 1,',
  '    "capabilities": {',
  '        "network": [ "HTTPS://API.Weather.example:443", "https://api.weather.example",',
  '                     "https://tiles.example" ],',
  '        "events": [',
  '            "select",',
  '            "select"',
  '        ]',
  '    },',
  '    "contributes": { "site": { "components": ["acme.weather-widget.card", "acme.weather-widget.card"] } }',
  '}',
]);
const fixed = CRLF([
  '{',
  '    "name": "Weather",',
  '    "id": "weather-widget",',
  '    "version": "1.0.0",',
  '    "entry": "dist/index.js",',
  '    "hostAbi": 1,',
  '    "capabilities": {',
  '        "network": [ "https://api.weather.example",',
  '                     "https://tiles.example" ],',
  '        "events": [',
  '            "select"',
  '        ]',
  '    },',
  '    "contributes": { "site": { "components": ["acme.weather-widget.card"] } }',
  '}',
]);

describe('extkit validate --fix', () => {
  it('fixes non-canonical and repeated entries through a symbolic link, keeping BOM, CRLF, indentation, order and mode', () => {
    const dir = folder(BOM + messy, 'real.json');
    symlinkSync('real.json', join(dir, 'manifest.json'));
    chmodSync(join(dir, 'real.json'), 0o640);
    const r = runCli(['validate', dir, '--fix', '--publisher', 'acme'], { cwd: tmp.dir });
    expect(r.status, r.stdout).toBe(0);
    expect(readFileSync(join(dir, 'real.json'), 'utf8')).toBe(BOM + fixed);
    expect(lstatSync(join(dir, 'manifest.json')).isSymbolicLink()).toBe(true);
    expect(statSync(join(dir, 'real.json')).mode & 0o777).toBe(0o640);
    for (const line of [
      'fixed  capabilities.network.not_canonical  "HTTPS://API.Weather.example:443" → "https://api.weather.example"',
      'fixed  capabilities.network.duplicate  removed the repeat "https://api.weather.example"',
      'fixed  capabilities.events.duplicate  removed the repeat "select"',
      'fixed  contributes.site.components.duplicate  removed the repeat "acme.weather-widget.card"',
    ])
      expect(r.stdout).toContain(line);
    expect(r.stdout).toMatch(/:8:22 {2}fixed {2}capabilities\.network\.not_canonical/);
    expect(r.stdout).toContain('wrote');
    expect(r.stdout).toContain('is valid (0 errors, 0 warnings)');
    // Nothing left: a second run changes nothing.
    const again = runCli(['validate', dir, '--fix', '--publisher', 'acme'], { cwd: tmp.dir });
    expect([again.status, again.stdout]).toEqual([0, expect.stringContaining('nothing for --fix to change')]);
    expect(readFileSync(join(dir, 'real.json'), 'utf8')).toBe(BOM + fixed);
  });

  it('--fix-dry-run prints the diff and writes nothing; --json lists the fixes', () => {
    const dir = folder(messy);
    const r = runCli(['validate', dir, '--fix-dry-run', '--publisher', 'acme'], { cwd: tmp.dir });
    expect(r.status).toBe(0);
    expect(r.stdout).toContain(
      '-        "network": [ "HTTPS://API.Weather.example:443", "https://api.weather.example",',
    );
    expect(r.stdout).toContain('+        "network": [ "https://api.weather.example",');
    expect(r.stdout).toMatch(/@@ -5,\d+ \+5,\d+ @@/);
    expect(r.stdout).toContain('nothing was written');
    expect(readFileSync(join(dir, 'manifest.json'), 'utf8')).toBe(messy);
    const json = JSON.parse(
      runCli(['validate', dir, '--fix-dry-run', '--json', '--publisher', 'acme'], { cwd: tmp.dir }).stdout,
    );
    expect(json.fixes.map((f: { code: string }) => f.code)).toEqual([
      'capabilities.network.not_canonical',
      'capabilities.network.duplicate',
      'capabilities.events.duplicate',
      'contributes.site.components.duplicate',
    ]);
    expect(json.diff).toContain('+++ b/');
    expect(readFileSync(join(dir, 'manifest.json'), 'utf8')).toBe(messy);
  });

  it('lists a camelCase id with a suggestion and never changes it (the rest is fixed), and exits 1', () => {
    const text = messy.replaceAll('weather-widget', 'weatherWidget');
    const dir = folder(text);
    const r = runCli(['validate', dir, '--fix', '--publisher', 'acme'], { cwd: tmp.dir });
    expect(r.status).toBe(1);
    expect(r.stdout).toContain('yours to decide  id.not_kebab_case  suggestion: "id": "weather-widget"');
    const after = readFileSync(join(dir, 'manifest.json'), 'utf8');
    expect(after).toContain('    "id": "weatherWidget",\r\n');
    expect(after).toContain('        "network": [ "https://api.weather.example",\r\n');
  });

  it('never corrupts what it cannot read as JSON: comments, UTF-16, a key written twice', () => {
    const commented = messy.replace('{\r\n', '{\r\n    // the widget\r\n');
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(messy, 'utf16le')]);
    for (const [bytes, code] of [
      [Buffer.from(commented), 'json.syntax'],
      [utf16, 'json.invalid_utf8'],
    ] as const) {
      const dir = folder(bytes);
      const r = runCli(['validate', dir, '--fix', '--json'], { cwd: tmp.dir });
      expect([r.status, JSON.parse(r.stdout).errors[0].code]).toEqual([1, code]);
      expect(readFileSync(join(dir, 'manifest.json')).equals(bytes)).toBe(true);
    }
    // A key written twice: the occurrence JSON.parse keeps is the one fixed; the repeat is left to the user.
    const twice = messy.replace(
      '    "hostAbi": 1,\r\n',
      '    "hostAbi": 1,\r\n    "capabilities": { "props": ["a", "a"] },\r\n',
    );
    const dir = folder(twice);
    const r = runCli(['validate', dir, '--fix', '--publisher', 'acme'], { cwd: tmp.dir });
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('yours to decide  json.duplicate_key');
    expect(readFileSync(join(dir, 'manifest.json'), 'utf8')).toBe(
      fixed.replace('    "hostAbi": 1,\r\n', '    "hostAbi": 1,\r\n    "capabilities": { "props": ["a", "a"] },\r\n'),
    );
  });

  it('refuses standard input, and fixes a large file whole', () => {
    const stdin = runCli(['validate', '-', '--fix'], { cwd: tmp.dir });
    expect([stdin.status, stdin.stderr]).toEqual([2, expect.stringContaining('not standard input')]);
    const props = Array.from({ length: 200_000 }, (_, i) => `"p${i % 1000}"`).join(', ');
    const big = messy.replace('"events": [', `"props": [${props}],\r\n        "events": [`);
    const dir = folder(big);
    const r = runCli(['validate', dir, '--fix', '--json', '--publisher', 'acme'], { cwd: tmp.dir, timeoutMs: 60_000 });
    expect(r.status).toBe(0);
    const out = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as { capabilities: { props: string[] } };
    expect(out.capabilities.props).toEqual(Array.from({ length: 1000 }, (_, i) => `p${i}`));
    expect(JSON.parse(r.stdout).fixes).toHaveLength(199_000 + 4);
  }, 90_000);
});
