// End-to-end tests run the built CLI: bring the build up to date first (incremental, fast when nothing changed).
import { spawnSync } from 'node:child_process';

export default function setup(): void {
  const r = spawnSync(process.execPath, ['scripts/build.mjs'], { stdio: 'inherit' });
  if (r.status !== 0) throw new Error('the build failed; the end-to-end tests need a built CLI');
}
