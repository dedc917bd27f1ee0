// No module of a package imports itself back through others, types included: a circle is two
// files that cannot be read, changed or moved apart (issue 32 broke the last, in @extkit/api).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from './helpers/cli.js';

const SPECIFIER = /(?:^|\n)\s*(?:import|export)\b[^'"]*?\bfrom\s+'(\.{1,2}\/[^']+)'/g;

/** The package's source modules (tests aside) and the relative modules each imports or re-exports. */
function graph(src: string): Map<string, string[]> {
  const files = readdirSync(src, { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$|\.d\.ts$|__fixtures__/.test(f))
    .map((f) => join(src, f));
  const edges = new Map<string, string[]>();
  for (const file of files) {
    const targets: string[] = [];
    for (const m of readFileSync(file, 'utf8').matchAll(SPECIFIER)) {
      const base = resolve(dirname(file), m[1]!).replace(/\.js$/, '');
      const target = [`${base}.ts`, `${base}.tsx`, join(base, 'index.ts')].find((t) => existsSync(t));
      if (target !== undefined) targets.push(target);
    }
    edges.set(file, targets);
  }
  return edges;
}

/** A cycle in the graph, as the files around it, or undefined. */
function cycleIn(edges: Map<string, string[]>): string[] | undefined {
  const state = new Map<string, 'open' | 'done'>();
  const path: string[] = [];
  const visit = (file: string): string[] | undefined => {
    if (state.get(file) === 'done') return undefined;
    if (state.get(file) === 'open') return path.slice(path.indexOf(file)).concat(file);
    state.set(file, 'open');
    path.push(file);
    for (const next of edges.get(file) ?? []) {
      const found = visit(next);
      if (found) return found;
    }
    path.pop();
    state.set(file, 'done');
    return undefined;
  };
  for (const file of edges.keys()) {
    const found = visit(file);
    if (found) return found;
  }
  return undefined;
}

describe('no import circle inside a package', () => {
  const packages = readdirSync(join(repoRoot, 'packages')).filter((p) =>
    existsSync(join(repoRoot, 'packages', p, 'src')),
  );
  it.each(packages)('%s', (pkg) => {
    const cycle = cycleIn(graph(join(repoRoot, 'packages', pkg, 'src')));
    expect(cycle?.map((f) => relative(repoRoot, f))).toBeUndefined();
  });
});
