// An engine not installed is the user's to fix: named, with the range this emulator runs on.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { EngineMissingError, loadEngine } from './missing.js';

const manifest = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
  dependencies: Record<string, string>;
  peerDependencies: Record<string, string>;
  peerDependenciesMeta: Record<string, { optional?: boolean }>;
};
const notFound = (specifier: string): Promise<never> =>
  Promise.reject(
    Object.assign(
      new Error(
        `Cannot find package '${specifier}' imported from /app/node_modules/@extkit/emulator/dist/engine/pglite.js`,
      ),
      { code: 'ERR_MODULE_NOT_FOUND' },
    ),
  );

describe('the engines', () => {
  it('are optional peers of the emulator, never its dependencies', () => {
    for (const name of ['@electric-sql/pglite', 'pg']) {
      expect(manifest.dependencies[name], name).toBeUndefined();
      expect(manifest.peerDependencies[name], name).toMatch(/^\^\d+\.\d+\.\d+$/);
      expect(manifest.peerDependenciesMeta[name]?.optional, name).toBe(true);
    }
  });

  it('answer EngineMissingError naming the package and its peer range when they are not installed', async () => {
    const pglite = await loadEngine('pglite', () => notFound('@electric-sql/pglite')).catch((e: unknown) => e);
    expect(pglite).toBeInstanceOf(EngineMissingError);
    expect(pglite).toMatchObject({
      code: 'emulator.engine_missing',
      engine: 'pglite',
      packageName: '@electric-sql/pglite',
      range: manifest.peerDependencies['@electric-sql/pglite'],
    });
    await expect(loadEngine('postgres', () => notFound('pg'))).rejects.toMatchObject({
      engine: 'postgres',
      packageName: 'pg',
      range: manifest.peerDependencies['pg'],
    });
  });

  it('pass on any other failure as it is (a package the engine needs, missing, is not the engine missing)', async () => {
    const inner = await loadEngine('postgres', () => notFound('pg-protocol')).catch((e: unknown) => e);
    expect(inner).not.toBeInstanceOf(EngineMissingError);
    expect((inner as Error).message).toContain("'pg-protocol'");
  });
});
