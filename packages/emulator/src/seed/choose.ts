// Which seed a start applies (the demo, none, a file, data), the cached cluster's name for it,
// and its one application to a fresh store.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Engine } from '../engine/engine.js';
import { migrations } from '../engine/schema.js';
import { defaultOrg } from '../store/orgs.js';
import { demoSeed } from './demo.js';
import { loadSeed, type SeedData } from './load.js';

/** `demo`, `none`, a seed file's path, or seed data. */
export type SeedOption = 'demo' | 'none' | (string & Record<never, never>) | SeedData;

/** The cached cluster's name for a seed: the demo or none, keyed by the schema and the seed's content; other seeds are not cached. */
export function seededVariant(option: SeedOption | undefined, data: SeedData | null): string | undefined {
  if (option !== undefined && option !== 'demo' && option !== 'none') return undefined;
  const hash = createHash('sha256')
    .update(JSON.stringify([migrations, data]))
    .digest('hex')
    .slice(0, 16);
  return `seed-${option ?? 'none'}-${hash}`;
}

/** The data a seed option names (null for none); a file that is not JSON is a TypeError naming it. */
export function seedData(seed: SeedOption | undefined): SeedData | null {
  if (seed === undefined || seed === 'none') return null;
  if (seed === 'demo') return demoSeed();
  if (typeof seed === 'string') {
    try {
      return JSON.parse(readFileSync(seed, 'utf8')) as SeedData;
    } catch (error) {
      throw new TypeError(`The seed file ${seed} could not be read as JSON: ${(error as Error).message}`, {
        cause: error,
      });
    }
  }
  return seed;
}

/** Seeds a store once: of several emulators starting on one fresh database, the one that marks the store seeds it. */
export async function applySeed(engine: Engine, data: SeedData | null, now: () => number): Promise<void> {
  const [done] = await engine.query("select value from meta where name = 'seeded'");
  if (done) return;
  await engine.transaction(async (sql) => {
    const [marked] = await sql.query(
      "insert into meta (name, value) values ('seeded', $1) on conflict do nothing returning name",
      [data ? 'yes' : 'none'],
    );
    if (marked && data) await loadSeed(sql, defaultOrg, data, now());
  });
}
