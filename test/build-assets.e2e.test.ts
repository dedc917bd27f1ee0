// What the source imports besides code ends up in the artifact, or the build says
// why not: stylesheets, images and fonts; --analyze, source-map text and --watch.
import { spawn } from 'node:child_process';
import { cpSync, existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { JSDOM } from 'jsdom';
import { afterAll, describe, expect, it } from 'vitest';
import { extkitBin, repoRoot, runCli, tempDir } from './helpers/cli.js';

const tmp = tempDir('extkit-assets-');
afterAll(tmp.cleanup);

interface Diag {
  code: string;
  message: string;
  location?: { file: string };
}
interface BuildJson {
  ok: boolean;
  errors: Diag[];
  warnings: Diag[];
  artifact: { dir: string; integrity: string; files: Array<{ path: string }> } | null;
  size: { raw: number; gzip: number; css: number; assets: number } | null;
  analysis?: { metafile: string; inputs: Array<{ path: string; bytes: number }> } | null;
}

let n = 0;
function copy(name: string, edit?: (dir: string) => void): string {
  const dir = join(tmp.dir, `${name}-${n++}`);
  cpSync(join(repoRoot, 'test/fixtures', name), dir, { recursive: true });
  edit?.(dir);
  return dir;
}

function build(dir: string, ...args: string[]): { status: number | null; result: BuildJson } {
  const r = runCli(['build', dir, '--json', ...args]);
  expect(r.stderr).toBe('');
  return { status: r.status, result: JSON.parse(r.stdout) as BuildJson };
}

describe('extkit build: stylesheets, images and fonts', () => {
  it('puts the CSS the source imports (and what it @imports and url()s) into the bundle, which adopts it into the frame', () => {
    const { status, result } = build(copy('build-styles'));
    expect(status).toBe(0);
    // Nothing beside the bundle: the stylesheet is in it, the files are the same three.
    expect(result.artifact!.files.map((f) => f.path)).toEqual([
      'dist/order-map.js',
      'dist/order-map.js.map',
      'manifest.json',
    ]);
    expect(readdirSync(join(result.artifact!.dir, 'dist'))).toEqual(['order-map.js', 'order-map.js.map']);
    expect(result.size!.css).toBeGreaterThan(100);
    expect(result.size!.assets).toBeGreaterThan(0);
    const bundle = readFileSync(join(result.artifact!.dir, 'dist/order-map.js'), 'utf8');
    const dom = new JSDOM('<!doctype html><html><head></head><body><h2>Order</h2></body></html>', {
      runScripts: 'outside-only',
    });
    dom.window.eval(bundle);
    const sheets = [...(dom.window.document.adoptedStyleSheets ?? []), ...[...dom.window.document.styleSheets]];
    const rules = sheets.flatMap((s) => [...s.cssRules].map((r) => r.cssText)).join('\n');
    expect(rules).toContain('.order-card');
    expect(rules).toContain('--accent'); // from the @import
    expect(rules).toContain('data:image/png;base64,'); // the url() image, inlined
  });

  it('refuses an image over the inline limit, naming it, who imports it, and how to include it', () => {
    const dir = copy('build-styles', (d) => {
      const png = readFileSync(join(d, 'src/dot.png'));
      writeFileSync(join(d, 'src/photo.png'), Buffer.concat([png, Buffer.alloc(40 * 1024, 7)]));
      writeFileSync(
        join(d, 'src/card.css'),
        `${readFileSync(join(d, 'src/card.css'), 'utf8')}\n.hero { background: url(./photo.png); }\n`,
      );
    });
    const { status, result } = build(dir);
    expect(status).toBe(1);
    expect(result.errors.map((e) => e.code)).toEqual(['build.asset_too_large']);
    expect(result.errors[0]!.message).toMatch(
      /src\/photo\.png is 40\.\d KiB \(imported by src\/card\.css\).*up to 16 KiB.*capabilities\.network/,
    );
    expect(existsSync(join(dir, 'artifacts'))).toBe(false);
  });

  it('inlines an image imported from code as a data URL', () => {
    const dir = copy('build-styles', (d) => {
      writeFileSync(
        join(d, 'src/card.ts'),
        "import dot from './dot.png';\nexport function renderCard(root: HTMLElement, id: string): void { root.textContent = id + dot; }\n",
      );
      writeFileSync(join(d, 'src/png.d.ts'), "declare module '*.png' { const url: string; export default url; }\n");
    });
    const { status, result } = build(dir);
    expect(status).toBe(0);
    expect(readFileSync(join(result.artifact!.dir, 'dist/order-map.js'), 'utf8')).toContain('data:image/png;base64,');
  });
});

describe('extkit build --analyze, --no-sources-content', () => {
  it('--analyze writes the metafile beside the artifact, never inside, and prints the largest inputs', () => {
    const dir = copy('build-styles');
    const { result } = build(dir, '--analyze');
    const meta = join(dir, 'artifacts/order-map/1.0.0.meta.json');
    expect(result.analysis?.metafile).toBe(meta);
    expect(Object.keys(JSON.parse(readFileSync(meta, 'utf8')).outputs)).toContain('dist/order-map.js');
    expect(result.analysis!.inputs[0]).toEqual({
      path: '@extkit/runtime@0.1.0/dist/register.js',
      bytes: expect.any(Number),
    });
    expect(result.analysis!.inputs.map((i) => i.path)).toEqual(
      expect.arrayContaining(['src/card.css', 'src/index.ts']),
    );
    expect(runCli(['verify', result.artifact!.dir]).status).toBe(0);
    const human = runCli(['build', dir, '--analyze']);
    expect(human.stdout).toMatch(
      /largest inputs, by bytes in the bundle[\s\S]*%\s+@extkit\/runtime@0\.1\.0\/dist\/register\.js/,
    );
  });

  it('keeps sourcesContent by default; --no-sources-content leaves it out and artifact.json records which', () => {
    const withText = build(copy('build-basic')).result.artifact!.dir;
    expect(JSON.parse(readFileSync(join(withText, 'dist/order-map.js.map'), 'utf8')).sourcesContent).toEqual(
      expect.arrayContaining([expect.stringContaining('registerComponent')]),
    );
    expect(JSON.parse(readFileSync(join(withText, 'artifact.json'), 'utf8')).build).toEqual({ sourcesContent: true });
    const without = build(copy('build-basic'), '--no-sources-content').result.artifact!.dir;
    expect(JSON.parse(readFileSync(join(without, 'dist/order-map.js.map'), 'utf8')).sourcesContent).toBeUndefined();
    expect(JSON.parse(readFileSync(join(without, 'artifact.json'), 'utf8')).build).toEqual({ sourcesContent: false });
    expect(runCli(['verify', without]).status).toBe(0);
  });
});

describe('extkit build --watch', () => {
  it('builds, then builds again on save into <out>/.watch/<id>, leaving the store alone; Ctrl-C stops it', async () => {
    const dir = copy('build-basic');
    const child = spawn(extkitBin, ['build', dir, '--watch', '--json'], { env: { ...process.env, NO_COLOR: '1' } });
    const results: BuildJson[] = [];
    let buffer = '';
    const next = (count: number) =>
      new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`waited for build ${count}; got ${results.length}`)), 20_000);
        const check = () => {
          if (results.length >= count) {
            clearTimeout(timer);
            resolve();
          } else setTimeout(check, 25);
        };
        check();
      });
    child.stdout.on('data', (d: Buffer) => {
      buffer += d.toString();
      for (let i = buffer.indexOf('\n'); i >= 0; i = buffer.indexOf('\n')) {
        results.push(JSON.parse(buffer.slice(0, i)) as BuildJson);
        buffer = buffer.slice(i + 1);
      }
    });
    try {
      await next(1);
      expect(results[0]).toMatchObject({ ok: true, artifact: { dir: join(dir, 'artifacts/.watch/order-map') } });
      writeFileSync(
        join(dir, 'src/card.ts'),
        "export function renderCard(root: HTMLElement, id: string): void { root.textContent = 'Order ' + id; }\n",
      );
      await next(2);
      expect(results[1]!.ok).toBe(true);
      expect(results[1]!.artifact!.integrity).not.toBe(results[0]!.artifact!.integrity);
      expect(readFileSync(join(dir, 'artifacts/.watch/order-map/dist/order-map.js'), 'utf8')).toContain('Order ');
      expect(runCli(['verify', join(dir, 'artifacts/.watch/order-map')]).status).toBe(0);
      // The store's versions are untouched: a watch build is never one of them (a rebuild chokidar saw
      // twice may be staging in a .tmp- folder right now; none is left once the watch stops, below).
      expect(readdirSync(join(dir, 'artifacts')).filter((name) => !name.startsWith('.tmp-'))).toEqual(['.watch']);
      writeFileSync(join(dir, 'src/card.ts'), 'export function renderCard( {');
      await next(3);
      expect(results[2]).toMatchObject({
        ok: false,
        errors: [expect.objectContaining({ code: 'build.bundle_error' })],
      });
    } finally {
      const closed = new Promise((resolve) => child.on('close', resolve));
      child.kill('SIGINT');
      expect(await closed).toBe(0);
    }
    expect(readdirSync(join(dir, 'artifacts'))).toEqual(['.watch']);
  });
});
