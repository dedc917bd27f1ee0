import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { repoRoot, runCli, tempDir } from './helpers/cli.js';

const example = join(repoRoot, 'examples/weather-widget');
const exampleManifest = JSON.parse(readFileSync(join(example, 'manifest.json'), 'utf8')) as Record<string, unknown>;
const tmp = tempDir();
afterAll(tmp.cleanup);

let n = 0;
/** Writes a manifest (bytes, text or a value) into its own folder and returns the folder. */
function fixture(content: string | Uint8Array | object, packageJson?: object): string {
  const dir = join(tmp.dir, `case-${n++}`);
  mkdirSync(dir);
  writeFileSync(
    join(dir, 'manifest.json'),
    typeof content === 'string' || content instanceof Uint8Array ? content : JSON.stringify(content, null, 2),
  );
  if (packageJson) writeFileSync(join(dir, 'package.json'), JSON.stringify(packageJson));
  return dir;
}

function json(args: string[]) {
  const r = runCli(['validate', ...args, '--json']);
  return {
    ...r,
    report: JSON.parse(r.stdout) as {
      valid: boolean;
      errors: Array<{ code: string; path: string; message: string }>;
      warnings: Array<{ code: string; path: string }>;
      manifest: unknown;
    },
  };
}

describe('extkit validate', () => {
  it('accepts the shipped example, reading the publisher from its package.json', () => {
    const r = runCli(['validate', 'examples/weather-widget']);
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('examples/weather-widget/manifest.json is valid (0 errors, 0 warnings)');
    expect(r.stderr).toBe('');
  });

  it('defaults to the current folder and takes a manifest file path too', () => {
    expect(runCli(['validate'], { cwd: example }).status).toBe(0);
    expect(runCli(['validate', join(example, 'manifest.json')]).status).toBe(0);
  });

  it('--json prints exactly one JSON document with the verdict (ok, and its alias valid), the file, errors, warnings and the normalized manifest', () => {
    const r = json(['examples/weather-widget']);
    expect(r.status).toBe(0);
    expect(Object.keys(r.report)).toEqual(['ok', 'valid', 'file', 'errors', 'warnings', 'manifest']);
    expect(r.report.manifest).toMatchObject({ id: 'weather-widget', config: { defaults: { units: 'c', days: 5 } } });
    expect(r.report.manifest).not.toHaveProperty('$schema');
  });

  it('exits 1 on an invalid manifest and prints one line per diagnostic with position, code and pointer', () => {
    const dir = fixture({ ...exampleManifest, id: 'WeatherWidget', hostAbi: '3' });
    const r = runCli(['validate', dir, '--publisher', 'acme']);
    expect(r.status).toBe(1);
    expect(r.stdout).toMatch(
      /manifest\.json:\d+:\d+ {2}error {2}id\.not_kebab_case {2}\/id\n {2}id is the string "WeatherWidget"/,
    );
    expect(r.stdout).toMatch(/manifest\.json:\d+:\d+ {2}error {2}hostAbi\.wrong_type {2}\/hostAbi/);
    expect(r.stdout).toContain('is invalid (');
    expect(r.stdout).not.toMatch(/\u001b\[/);
  });

  it('a JSON syntax error gives its line and column and a code frame', () => {
    const dir = fixture('{\n  "id": "x",\n  "name": "X",\n}\n');
    const r = runCli(['validate', dir]);
    expect(r.status).toBe(1);
    expect(r.stdout).toContain('manifest.json:4:1  error  json.syntax');
    expect(r.stdout).toMatch(/> 4 \| }\n\s+\| \^/);
    const j = json([dir]);
    expect(j.report.errors[0]).toMatchObject({ code: 'json.syntax', path: '', line: 4, column: 1 });
  });

  it('takes the publisher from --publisher over package.json', () => {
    const dir = fixture(exampleManifest, { extkit: { publisher: 'globex' } });
    expect(json([dir]).report.errors.map((e) => e.code)).toContain('contributes.site.components.wrong_publisher');
    expect(json([dir, '--publisher', 'acme']).status).toBe(0);
  });

  it('refuses a publisher in package.json that is no string as it refuses one out of form, naming it', () => {
    for (const [publisher, shown] of [
      [123, '123 is not a string'],
      [null, 'null is not a string'],
      [{ handle: 'acme' }, '{"handle":"acme"} is not a string'],
      ['Acme Inc', '"Acme Inc" is not kebab-case'],
    ] as const) {
      const r = json([fixture(exampleManifest, { extkit: { publisher } })]);
      expect(r.status).toBe(1);
      expect(r.report.errors.find((e) => e.code === 'publisher.invalid')?.message).toBe(
        `the publisher handle ${shown}, so component namespaces were checked without it`,
      );
    }
  });

  it('without a publisher, checks the rest of the namespace and warns', () => {
    const r = json([fixture(exampleManifest)]);
    expect(r.status).toBe(0);
    expect(r.report.warnings.map((w) => w.code)).toEqual(['publisher.unknown']);
  });

  it('silences the warning codes package.json lists under "extkit.ignore", never an error', () => {
    const manifest = { ...exampleManifest, entry: 'dist/index.cjs', homepage: 'https://x.example' };
    const loud = json([fixture(manifest, { extkit: { publisher: 'acme' } })]);
    expect(loud.report.warnings.map((w) => w.code)).toEqual(['manifest.unknown_property', 'entry.not_javascript']);

    const dir = fixture(manifest, {
      extkit: { publisher: 'acme', ignore: ['entry.not_javascript', 'entry.absolute_url', 'no.such_code'] },
    });
    const quiet = json([dir]);
    expect(quiet.status).toBe(0);
    expect(Object.keys(quiet.report)).toEqual(['ok', 'valid', 'file', 'errors', 'warnings', 'manifest', 'silenced']);
    expect(quiet.report.warnings.map((w) => w.code)).toEqual([
      'ignore.not_a_warning',
      'ignore.invalid',
      'manifest.unknown_property',
    ]);
    const human = runCli(['validate', dir]);
    expect(human.stdout).toContain('is valid (0 errors, 3 warnings, 1 silenced by package.json "extkit.ignore")');
    expect(human.stdout).toContain('"no.such_code", which is no diagnostic code');
  });

  it('holds package.json "extkit.api" to capabilities.network: an undeclared origin warns, a bad URL is an error', () => {
    const declared = json([
      fixture(exampleManifest, { extkit: { publisher: 'acme', api: 'https://api.weather.example/v1' } }),
    ]);
    expect(declared.status).toBe(0);
    expect(declared.report.warnings).toEqual([]);

    const undeclared = json([
      fixture(exampleManifest, { extkit: { publisher: 'acme', api: 'https://api.example.com/v1' } }),
    ]);
    expect(undeclared.status).toBe(0);
    expect(undeclared.report.warnings).toMatchObject([
      { code: 'api.origin_undeclared', path: '/capabilities/network' },
    ]);
    const human = runCli([
      'validate',
      fixture(exampleManifest, { extkit: { publisher: 'acme', api: 'https://api.example.com/v1' } }),
    ]);
    expect(human.stdout).toContain('does not declare its origin "https://api.example.com"');
    expect(human.stdout).toContain('"network": ["https://api.weather.example","https://api.example.com"]');

    const invalid = json([fixture(exampleManifest, { extkit: { publisher: 'acme', api: 'api.example.com/v1' } })]);
    expect(invalid.status).toBe(1);
    expect(invalid.report.errors).toMatchObject([{ code: 'api.invalid', path: '' }]);
    expect(invalid.report.errors[0]!.message).toContain('"api.example.com/v1" is not an absolute URL');
  });

  it('usage errors exit 2: no such file, unknown flag, bad --publisher', () => {
    const missing = runCli(['validate', 'no/such/place']);
    expect(missing.status).toBe(2);
    expect(missing.stderr).toContain('no such file: "no/such/place"');
    expect(missing.stdout).toBe('');
    expect(runCli(['validate', '--frobnicate']).status).toBe(2);
    expect(runCli(['validate', example, '--publisher', 'Acme Inc']).status).toBe(2);
    expect(runCli(['validate', tmp.dir]).status).toBe(2); // a folder without manifest.json
  });

  it('--help explains the command and exits 0', () => {
    const r = runCli(['validate', '--help']);
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('--publisher <handle>');
    expect(r.stdout).toContain('Exit codes: 0 valid');
  });

  it('colours output only when asked by a TTY, never with NO_COLOR', () => {
    const dir = fixture({ ...exampleManifest, id: 'Bad' });
    expect(runCli(['validate', dir], { env: { NO_COLOR: undefined } }).stdout).not.toMatch(/\u001b\[/); // a pipe is not a TTY
  });
});

describe('extkit validate on hostile bytes: an answer, never a stack trace', () => {
  const cases: Array<[string, string | Uint8Array, string]> = [
    ['an empty file', '', 'json.empty'],
    ['null', 'null', 'manifest.not_object'],
    ['an array', '[1,2]', 'manifest.not_object'],
    [
      'invalid UTF-8',
      new Uint8Array([0x7b, 0x22, 0x69, 0x64, 0x22, 0x3a, 0x22, 0xc3, 0x28, 0x22, 0x7d]),
      'json.invalid_utf8',
    ],
    ['20,000 levels of nesting', '['.repeat(20_000) + ']'.repeat(20_000), 'manifest.not_object'],
    ['20,000 levels, unclosed', '{"a":' + '['.repeat(20_000), 'json.syntax'],
  ];
  it.each(cases)('%s', (_, content, code) => {
    const r = json([fixture(content)]);
    expect(r.status).toBe(1);
    expect(r.report.valid).toBe(false);
    expect(r.report.errors[0]!.code).toBe(code);
    expect(r.stderr).toBe('');
  });

  it('__proto__ keys: warned about, nothing polluted, output is plain data', () => {
    const text = JSON.stringify(exampleManifest).replace(/^{/, '{"__proto__":{"isAdmin":true},');
    const r = json([fixture(text), '--publisher', 'acme']);
    expect(r.status).toBe(0);
    expect(r.report.warnings).toEqual([
      expect.objectContaining({ code: 'manifest.unknown_property', path: '/__proto__' }),
    ]);
    expect(r.report.manifest).not.toHaveProperty('isAdmin');
  });

  it('a 10 MB file', () => {
    const text = JSON.stringify({ ...exampleManifest, description: 'x'.repeat(10 * 1024 * 1024) });
    const r = json([fixture(text), '--publisher', 'acme']);
    expect(r.status).toBe(1);
    expect(r.report.errors.map((e) => e.code)).toEqual(['description.too_long']);
  });

  it('a path that is no file says what it is, and exits 2', () => {
    const dir = join(tmp.dir, 'odd');
    mkdirSync(join(dir, 'manifest.json'), { recursive: true });
    const fifo = join(tmp.dir, 'pipe.json');
    execFileSync('mkfifo', [fifo]);
    const cases: Array<[string, string]> = [
      [dir, `"${join(dir, 'manifest.json')}" is a folder, not a file`],
      [join(dir, 'manifest.json'), `"${join(dir, 'manifest.json')}" is a folder, not a file`],
      [fifo, `"${fifo}" is a named pipe (FIFO), not a file`],
      ['/dev/zero', '"/dev/zero" is a character device, not a file'],
      [tmp.dir, `"${tmp.dir}" is a folder without a manifest.json in it`],
    ];
    for (const [target, words] of cases) {
      const r = runCli(['validate', target]);
      expect(r.status, target).toBe(2);
      expect(r.stderr, target).toBe(`extkit: ${words}: give a manifest.json file or a folder that holds one\n`);
    }
  });

  it('--bundle naming no file is a usage error (exit 2) that says what is there', () => {
    const missing = runCli(['validate', example, '--bundle', 'no/such/bundle.js']);
    expect(missing.status).toBe(2);
    expect(missing.stderr).toBe('extkit: --bundle: no such file: "no/such/bundle.js"\n');
    expect(runCli(['validate', example, '--bundle', tmp.dir]).stderr).toContain('is a folder, not a file');
  });
});
