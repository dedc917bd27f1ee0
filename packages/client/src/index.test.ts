// The main entry must run in browsers and workers: no Node built-in anywhere in its import graph,
// which reaches into @extkit/api (the catalog it shares with the emulator) and no other package.
import { readdirSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import * as api from './index.js';

const src = dirname(fileURLToPath(import.meta.url));
const apiSrc = join(src, '../../api/src');

/** `@extkit/api` and its `./types/*` subpaths, read from source. */
const catalogFile = (spec: string): string | null =>
  spec === '@extkit/api'
    ? join(apiSrc, 'index.ts')
    : spec.startsWith('@extkit/api/')
      ? join(apiSrc, `${spec.slice('@extkit/api/'.length)}.ts`)
      : null;

function graph(file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen;
  seen.add(file);
  for (const [, spec] of readFileSync(file, 'utf8').matchAll(/(?:from|import)\s*\(?\s*'([^']+)'/g)) {
    const catalog = catalogFile(spec!);
    if (spec!.startsWith('.')) graph(join(dirname(file), spec!.replace(/\.js$/, '.ts')), seen);
    else if (catalog) graph(catalog, seen);
    else seen.add(`bare:${spec}`);
  }
  return seen;
}

describe('the main entry', () => {
  it('imports no Node built-in and no package but @extkit/api, directly or indirectly', () => {
    const files = graph(join(src, 'index.ts'));
    const bare = [...files].filter((f) => f.startsWith('bare:'));
    expect(bare).toEqual([]);
    const builtins = new Set(builtinModules);
    expect(bare.filter((b) => b.startsWith('bare:node:') || builtins.has(b.slice(5)))).toEqual([]);
  });

  it('reaches every source file that is not a test or a fixture', () => {
    const all = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
        e.isDirectory() ? (e.name === '__fixtures__' ? [] : all(join(dir, e.name))) : [join(dir, e.name)],
      );
    const sources = [...all(src), ...all(apiSrc)].filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));
    const reached = graph(join(src, 'index.ts'));
    expect(sources.filter((f) => !reached.has(f)).map((f) => relative(join(src, '..'), f))).toEqual([]);
  });

  it('names the surface the issue fixes', () => {
    const client = new api.ServiceClient({ apiKey: 'k', baseUrl: 'https://api.example.com/v1' });
    const resources = [
      'datasets',
      'records',
      'sites',
      'formSubmissions',
      'media',
      'contacts',
      'companies',
      'pipelines',
      'deals',
      'tasks',
      'activities',
      'emailTemplates',
      'leads',
      'orders',
      'products',
    ] as const;
    for (const name of resources) expect(typeof client[name].list, name).toBe('function');
    expect(typeof client.sites.publish).toBe('function');
    expect(typeof client.leads.convert).toBe('function');
    expect(typeof client.media.upload).toBe('function');
    expect(typeof api.verifyWebhookSignature).toBe('function');
    expect(new api.NotFoundError({ type: 'not_found', message: 'x' })).toBeInstanceOf(api.ServiceError);
  });
});
