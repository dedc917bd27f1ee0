// What CI and a linter's users expect of `extkit validate`: formats, several paths, standard
// input, --max-warnings, machine output for usage errors, and every diagnostic located.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { Ajv } from 'ajv';
import { afterAll, describe, expect, it } from 'vitest';
import { extkitBin, repoRoot, runCli, tempDir } from './helpers/cli.js';

const example = JSON.parse(readFileSync(join(repoRoot, 'examples/weather-widget/manifest.json'), 'utf8')) as Record<
  string,
  unknown
>;
const tmp = tempDir();
afterAll(tmp.cleanup);
let n = 0;
function fixture(content: object | string): string {
  const dir = join(tmp.dir, `f-${n++}`);
  mkdirSync(dir);
  writeFileSync(join(dir, 'manifest.json'), typeof content === 'string' ? content : JSON.stringify(content, null, 2));
  return dir;
}

type Finding = {
  code: string;
  severity: string;
  message: string;
  path: string;
  file: string;
  line: number;
  column: number;
  docs: string;
};
type Doc = { ok: boolean; valid: boolean; file: string; errors: Finding[]; warnings: Finding[]; manifest: unknown };

const warned = fixture({ ...example, entry: 'dist/index.cjs', homepage: 'https://x.example' });
const broken = fixture({ ...example, id: 'Bad Id', hostAbi: 0 });

describe('extkit validate: machine output', () => {
  it('--json and --format json print the same document; ok is the verdict and valid its alias', () => {
    const a = runCli(['validate', broken, '--publisher', 'acme', '--json']);
    const b = runCli(['validate', broken, '--publisher', 'acme', '--format', 'json']);
    expect(a.status).toBe(1);
    expect(a.stdout).toBe(b.stdout);
    const doc = JSON.parse(a.stdout) as Doc;
    expect(Object.keys(doc)).toEqual(['ok', 'valid', 'file', 'errors', 'warnings', 'manifest']);
    expect(doc.ok).toBe(false);
    expect(doc.valid).toBe(false);
  });

  it('every diagnostic carries its file, line, column, pointer and the URL of its row in docs/rules.md', () => {
    const doc = JSON.parse(runCli(['validate', broken, warned, '--publisher', 'acme', '--json']).stdout) as {
      ok: boolean;
      results: Doc[];
    };
    const all = doc.results.flatMap((r) => [...r.errors, ...r.warnings]);
    expect(all.length).toBeGreaterThan(3);
    const rules = readFileSync(join(repoRoot, 'docs/rules.md'), 'utf8');
    for (const d of all) {
      expect(d.file).toMatch(/manifest\.json$/);
      expect(d.line).toBeGreaterThan(0);
      expect(d.column).toBeGreaterThan(0);
      expect(d.path.startsWith('/') || d.path === '').toBe(true);
      expect(d.docs).toBe(`https://extkit.dev/docs/rules.md#${d.code}`);
      expect(rules).toContain(`<a id="${d.code}"></a>`);
    }
    const id = doc.results[0]!.errors.find((d) => d.code === 'id.not_kebab_case')!;
    const text = readFileSync(join(broken, 'manifest.json'), 'utf8').split('\n');
    expect(text[id.line - 1]!.slice(id.column - 1)).toMatch(/^"id": "Bad Id"/);
  });

  it('takes several paths: one document with a result each, and the verdict of all', () => {
    const r = runCli(['validate', join(repoRoot, 'examples/weather-widget'), broken, '--json']);
    expect(r.status).toBe(1);
    const doc = JSON.parse(r.stdout) as { ok: boolean; valid: boolean; results: Array<Doc & { ok: boolean }> };
    expect([doc.ok, doc.valid]).toEqual([false, false]);
    expect(doc.results.map((x) => x.ok)).toEqual([true, false]);
    const text = runCli(['validate', join(repoRoot, 'examples/weather-widget'), broken]);
    expect(text.stdout).toMatch(/✓ examples\/weather-widget\/manifest\.json is valid/);
    expect(text.stdout).toMatch(/✗ .*manifest\.json is invalid/);
  });

  it('reads standard input for "-", with package.json settings from the working folder', () => {
    const r = spawnSync(extkitBin, ['validate', '-', '--json'], {
      cwd: join(repoRoot, 'examples/weather-widget'),
      input: JSON.stringify(example),
      encoding: 'utf8',
    });
    expect(r.status).toBe(0);
    const doc = JSON.parse(r.stdout) as Doc;
    expect(doc.file).toBe('<stdin>');
    expect(doc.warnings).toEqual([]); // the publisher came from ./package.json
    const bad = spawnSync(extkitBin, ['validate', '-'], {
      input: '{"id": "w',
      encoding: 'utf8',
      env: { ...process.env, NO_COLOR: '1' },
    });
    expect(bad.status).toBe(1);
    expect(bad.stdout).toContain('<stdin>:1:8  error  json.syntax');
    expect(bad.stdout).toContain('a string that is never closed');
  });

  it('--max-warnings fails on more warnings than it allows, and says so', () => {
    expect(runCli(['validate', warned, '--publisher', 'acme']).status).toBe(0);
    expect(runCli(['validate', warned, '--publisher', 'acme', '--max-warnings', '2']).status).toBe(0);
    const r = runCli(['validate', warned, '--publisher', 'acme', '--max-warnings', '0']);
    expect(r.status).toBe(1);
    expect(r.stdout).toContain('✗ 2 warnings, more than --max-warnings 0 allows');
    const doc = JSON.parse(
      runCli(['validate', warned, '--publisher', 'acme', '--max-warnings', '1', '--json']).stdout,
    ) as Doc;
    expect([doc.ok, doc.valid]).toEqual([false, false]);
    expect(runCli(['validate', warned, '--max-warnings', '-1']).status).toBe(2);
  });

  it('--format github writes workflow annotations with file, line and column, escaped as the runner reads them', () => {
    const r = runCli(['validate', broken, '--publisher', 'acme', '--format', 'github']);
    expect(r.status).toBe(1);
    const lines = r.stdout.trim().split('\n');
    expect(lines.every((l) => /^::(error|warning|notice) file=[^,]+(,line=\d+,col=\d+)?,title=[^:]+::/.test(l))).toBe(
      true,
    );
    expect(
      lines.some((l) =>
        /^::error file=.*manifest\.json,line=\d+,col=\d+,title=id\.not_kebab_case::id is the string "Bad Id"/.test(l),
      ),
    ).toBe(true);
  });

  it('--format sarif is SARIF 2.1.0 by the published schema, with a rule per code and a located result per diagnostic', () => {
    const r = runCli(['validate', broken, warned, '--publisher', 'acme', '--format', 'sarif']);
    expect(r.status).toBe(1);
    const log = JSON.parse(r.stdout) as {
      version: string;
      runs: Array<{
        tool: { driver: { rules: Array<{ id: string; helpUri: string }> } };
        results: Array<{
          ruleId: string;
          level: string;
          locations: Array<{
            physicalLocation: { artifactLocation: { uri: string }; region: { startLine: number; startColumn: number } };
          }>;
        }>;
      }>;
    };
    const require = createRequire(import.meta.url);
    // The OASIS schema, as @microsoft/jest-sarif ships it. It is written in draft-04 and uses none of
    // the keywords draft-07 changed (no exclusiveMinimum), so ajv's draft-07 reads it; its formats
    // are a plug-in's to check, so the URIs are checked below. (Its draft-04 `id` is only a name, and one of its patterns is not valid with the `u` flag.)
    const {
      $schema: _,
      id: __,
      ...schema
    } = JSON.parse(
      readFileSync(
        join(require.resolve('@microsoft/jest-sarif/package.json'), '../lib/schemas/sarif-2.1.0-rtm.5.json'),
        'utf8',
      ),
    ) as Record<string, unknown>;
    expect(schema.title).toBe('Static Analysis Results Format (SARIF) Version 2.1.0-rtm.5 JSON Schema'); // the release schema of 2.1.0
    const validate = new Ajv({ strict: false, validateFormats: false, allErrors: true, unicodeRegExp: false }).compile(
      schema,
    );
    expect(validate(log), JSON.stringify(validate.errors)).toBe(true);
    expect(log.version).toBe('2.1.0');
    const [run] = log.runs;
    const json = JSON.parse(runCli(['validate', broken, warned, '--publisher', 'acme', '--json']).stdout) as {
      results: Doc[];
    };
    expect(run!.results.length).toBe(json.results.reduce((k, d) => k + d.errors.length + d.warnings.length, 0));
    for (const res of run!.results) {
      expect(run!.tool.driver.rules.map((x) => x.id)).toContain(res.ruleId);
      expect(['error', 'warning']).toContain(res.level);
      expect(res.locations[0]!.physicalLocation.region.startLine).toBeGreaterThan(0);
    }
    for (const rule of run!.tool.driver.rules) expect(new URL(rule.helpUri).hash).toBe(`#${rule.id}`);
  });

  it('text and github output show the control characters of keys and lines as visible characters, never send them to the terminal or the log', () => {
    // A key that, printed raw in its pointer, would erase the error line above it and write "ok" in its place.
    const key = '\u001b[1A\u001b[2K\rok \u202e';
    const hostile = fixture(
      `{\n  "id": "weather-widget", "name": "W", "version": "1.0.0", "entry": "dist/index.js", "hostAbi": 0,\n  "contributes": {}, ${JSON.stringify(key)}: 1\n}\n`,
    );
    const r = runCli(['validate', hostile, '--publisher', 'acme']);
    expect(r.status).toBe(1);
    expect(r.stdout).toMatch(
      /manifest\.json:3:22 {2}warning {2}manifest\.unknown_property {2}\/␛\[1A␛\[2K␍ok \ufffd$/m,
    );
    expect(r.stdout).toMatch(/manifest\.json:2:86 {2}error {2}hostAbi\.out_of_range/);
    // A raw escape inside a string is a syntax error: its code frame shows the line, escape included.
    const raw = fixture('{"id": "\u001b]0;owned\u0007\u001b[2J"}');
    const syntax = runCli(['validate', raw]);
    expect(syntax.stdout).toContain('> 1 | {"id": "␛]0;owned␇␛[2J"}');
    for (const out of [r.stdout, syntax.stdout])
      expect(out).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202e]/);
    // So does the workflow log's annotation (--format github).
    const gh = runCli(['validate', hostile, '--publisher', 'acme', '--format', 'github']).stdout;
    expect(gh).toMatch(/::warning file=[^\n]*title=manifest\.unknown_property::[^\n]*\(\/␛\[1A␛\[2K␍ok \ufffd; /);
    expect(gh).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202e]/);
  });

  it('prints usage errors as machine output on stdout under --json and the machine formats (exit 2)', () => {
    const missing = runCli(['validate', 'no/such/dir', '--json']);
    expect(missing.status).toBe(2);
    // The shape every command's JSON usage error has.
    expect(JSON.parse(missing.stdout)).toEqual({
      ok: false,
      usage: true,
      errors: [
        {
          code: 'manifest.not_found',
          message: 'no such file: "no/such/dir": give a manifest.json file or a folder that holds one',
        },
      ],
      warnings: [],
    });
    const flag = runCli(['validate', '--frobnicate', '--format', 'json']);
    expect(flag.status).toBe(2);
    expect(JSON.parse(flag.stdout)).toMatchObject({ ok: false, errors: [{ code: 'usage.unknown_option' }] });
    expect(JSON.parse(runCli(['validate', '--format', 'xml', '--json']).stdout)).toMatchObject({
      ok: false,
      errors: [{ code: 'flag.invalid' }],
    });
    expect(runCli(['validate', 'no/such/dir', '--format', 'github']).stdout).toMatch(
      /^::error title=manifest\.not_found::no such file/,
    );
    const sarif = JSON.parse(runCli(['validate', 'no/such/dir', '--format', 'sarif']).stdout) as {
      runs: Array<{ invocations: Array<{ executionSuccessful: boolean }> }>;
    };
    expect(sarif.runs[0]!.invocations[0]!.executionSuccessful).toBe(false);
    expect(runCli(['validate', 'no/such/dir']).stdout).toBe('');
  });
});

describe('extkit validate into a reader that stops early', () => {
  it('ends its output quietly when the pipe closes (`| head`), without a stack trace', async () => {
    const many = fixture({ ...example, ...Object.fromEntries(Array.from({ length: 20_000 }, (_, i) => [`x${i}`, i])) });
    const child = spawn(extkitBin, ['validate', many, '--publisher', 'acme', '--format', 'sarif'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    // Read the first chunk, then close the pipe, as `head -c 200` does.
    child.stdout.once('data', () => child.stdout.destroy());
    const code = await new Promise<number | null>((done) => child.on('close', (c) => done(c)));
    expect(stderr).toBe('');
    expect(code).toBe(0);
  });
});

describe('extkit validate: many diagnostics', () => {
  it('shows 20 of each code in text and github output and counts the rest; json lists every one', () => {
    const many = fixture({ ...example, ...Object.fromEntries(Array.from({ length: 8000 }, (_, i) => [`x${i}`, i])) });
    const t0 = Date.now();
    const text = runCli(['validate', many, '--publisher', 'acme']);
    expect(Date.now() - t0).toBeLessThan(20_000);
    expect(text.status).toBe(0);
    expect(text.stdout.match(/manifest\.unknown_property/g)).toHaveLength(21); // 20 lines and the count
    expect(text.stdout).toContain(
      '... and 7,980 more manifest.unknown_property warnings (--format json lists every one)',
    );
    expect(text.stdout).toContain('is valid (0 errors, 8,000 warnings)');
    const gh = runCli(['validate', many, '--publisher', 'acme', '--format', 'github']).stdout.trim().split('\n');
    expect(gh).toHaveLength(21);
    expect(gh[20]).toMatch(/^::notice .*::7,980 more manifest\.unknown_property warnings not annotated/);
    const json = JSON.parse(runCli(['validate', many, '--publisher', 'acme', '--json']).stdout) as Doc;
    expect(json.warnings).toHaveLength(8000);
    expect(new Set(json.warnings.map((w) => w.line)).size).toBe(8000);
  });

  it("reports a manifest's first 10,000 unknown keys one each and counts the rest in one more, placed at its key", () => {
    const many = fixture({ ...example, ...Object.fromEntries(Array.from({ length: 12_000 }, (_, i) => [`x${i}`, i])) });
    const out = runCli(['validate', many, '--publisher', 'acme', '--json']);
    expect(out.status).toBe(0);
    const json = JSON.parse(out.stdout) as Doc;
    expect(json.warnings).toHaveLength(10_001);
    const text = readFileSync(join(many, 'manifest.json'), 'utf8');
    expect(json.warnings[10_000]).toMatchObject({
      code: 'manifest.unknown_property',
      severity: 'warning',
      path: '/x10000',
      line: text.split('\n').findIndex((l) => l.startsWith('  "x10000":')) + 1,
      column: 3,
      more: 1999,
    });
    expect(json.warnings[10_000]!.message).toMatch(/^x10000 and 1,999 more keys after it are not manifest properties/);
    // Counted as the 12,000 warnings they are, in the summary and by --max-warnings.
    expect(runCli(['validate', many, '--publisher', 'acme']).stdout).toContain('is valid (0 errors, 12,000 warnings)');
    expect(runCli(['validate', many, '--publisher', 'acme', '--max-warnings', '11999']).status).toBe(1);
    expect(runCli(['validate', many, '--publisher', 'acme', '--max-warnings', '12000']).status).toBe(0);
  });

  it('bounds config.defaults the same: its first 10,000 unknown keys one each, one more counting the rest at its key', () => {
    const config = example.config as { defaults: object };
    const unknown = Object.fromEntries(Array.from({ length: 12_000 }, (_, i) => [`d${i}`, i]));
    const many = fixture({ ...example, config: { ...config, defaults: { ...config.defaults, ...unknown } } });
    const out = runCli(['validate', many, '--publisher', 'acme', '--json']);
    expect(out.status).toBe(0);
    const json = JSON.parse(out.stdout) as Doc;
    expect(json.warnings).toHaveLength(10_001);
    expect(json.warnings.every((w) => w.code === 'config.defaults.unknown_key')).toBe(true);
    const text = readFileSync(join(many, 'manifest.json'), 'utf8');
    expect(json.warnings[10_000]).toMatchObject({
      severity: 'warning',
      path: '/config/defaults/d10000',
      line: text.split('\n').findIndex((l) => l.startsWith('      "d10000":')) + 1,
      column: 7,
    });
    expect(json.warnings[10_000]!.message).toMatch(
      /^default for "d10000" and 1,999 more keys after it in config\.defaults are not config fields/,
    );
    expect(json.manifest).toMatchObject({ config: { defaults: { units: 'c', days: 5 } } });
  });
});
