// The engines are optional peer dependencies: PGlite (about 25 MB installed) and `pg` come into
// a project only when its developer asks for them, so installing the CLI does not bring them.
// Loading one that is absent is the user's to fix, with the package to add.
import { readFileSync } from 'node:fs';

export type EngineKind = 'pglite' | 'postgres';

const packages: Record<EngineKind, string> = { pglite: '@electric-sql/pglite', postgres: 'pg' };

/** The range of each engine this version of the emulator runs on (its peerDependencies). */
function peerRange(name: string): string {
  const manifest = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
    peerDependencies?: Record<string, string>;
  };
  return manifest.peerDependencies?.[name] ?? '*';
}

/** The engine a store needs is not installed; `packageName@range` is what to add to the project. */
export class EngineMissingError extends Error {
  readonly code = 'emulator.engine_missing';
  readonly packageName: string;
  readonly range: string;
  constructor(readonly engine: EngineKind) {
    const name = packages[engine];
    const range = peerRange(name);
    super(
      `The ${engine === 'pglite' ? 'embedded engine, PGlite' : 'PostgreSQL driver'} (${name}@${range}) is not installed; add it to the project`,
    );
    this.name = 'EngineMissingError';
    this.packageName = name;
    this.range = range;
  }
}

/** Imports an engine's package, or throws EngineMissingError when it is not installed (anything else is thrown as it is). */
export async function loadEngine<T>(engine: EngineKind, load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (error) {
    const e = error as { code?: string; message?: string };
    if (e.code === 'ERR_MODULE_NOT_FOUND' && e.message?.includes(`'${packages[engine]}'`))
      throw new EngineMissingError(engine);
    throw error;
  }
}
