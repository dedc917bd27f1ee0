import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot, runCli, tempDir } from './helpers/cli.js';

const tmp = tempDir();
afterAll(tmp.cleanup);
let bundle: string;
let manifestDir: string;

beforeAll(() => {
  manifestDir = join(tmp.dir, 'weather-widget');
  cpSync(join(repoRoot, 'examples/weather-widget'), manifestDir, {
    recursive: true,
    filter: (src) => !src.includes('artifacts'),
  });
  const r = runCli(['build', manifestDir, '--out', join(tmp.dir, 'out'), '--json']);
  expect(r.status, r.stderr + r.stdout).toBe(0);
  bundle = join(tmp.dir, 'out/weather-widget/1.2.0/dist/index.js');
});

describe('extkit validate --bundle', () => {
  it('passes when every registration is declared, and lists what the bundle registers', () => {
    const r = runCli(['validate', manifestDir, '--bundle', bundle, '--json']);
    expect(r.status).toBe(0);
    const report = JSON.parse(r.stdout) as { valid: boolean; registrations: unknown[] };
    expect(report.valid).toBe(true);
    expect(report.registrations).toEqual([{ kind: 'component', id: 'acme.weather-widget.card' }]);
    expect(runCli(['validate', manifestDir, '--bundle', bundle]).stdout).toContain(
      'registers component acme.weather-widget.card',
    );
  });

  it('fails, naming the registration, when contributes omits it', () => {
    const manifest = JSON.parse(readFileSync(join(manifestDir, 'manifest.json'), 'utf8')) as Record<string, any>;
    manifest.contributes = { console: { routes: ['/weather'] } };
    const text = JSON.stringify(manifest, null, 2);
    writeFileSync(join(manifestDir, 'manifest.json'), text);
    const r = runCli(['validate', manifestDir, '--bundle', bundle, '--json']);
    expect(r.status).toBe(1);
    const report = JSON.parse(r.stdout) as {
      valid: boolean;
      errors: Array<{ code: string; message: string; path?: string; line?: number; column?: number }>;
    };
    expect(report.valid).toBe(false);
    const missing = report.errors.find((e) => e.message.includes('acme.weather-widget.card'));
    expect(missing).toBeDefined();
    // A finding about the manifest is placed in its text: a list that is missing, at the object it belongs in.
    const at = text.indexOf('"contributes"');
    expect(missing).toMatchObject({
      path: '/contributes/site/components',
      line: text.slice(0, at).split('\n').length,
      column: at - text.lastIndexOf('\n', at),
    });
  });
});
