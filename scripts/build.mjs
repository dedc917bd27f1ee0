// Compiles every package (tsc project references) so that node_modules/.bin/extkit
// runs the checkout. Runs on `pnpm install` through the root `prepare` script.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';

const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
const r = spawnSync(process.execPath, [tsc, '-b', ...process.argv.slice(2)], { stdio: 'inherit' });
process.exit(r.status ?? 1);
