// `prepack`: copies the repository's templates/ and the manifest's JSON Schema into
// this package, so that the published create-extkit carries them; `--clean`
// (`postpack`) removes the copies. The templates' installs and builds are not copied.
import { cpSync, rmSync } from 'node:fs';
import { basename } from 'node:path';
import { fileURLToPath } from 'node:url';

const pkg = fileURLToPath(new URL('..', import.meta.url));
const repo = fileURLToPath(new URL('../../..', import.meta.url));
const SKIP = new Set(['node_modules', 'artifacts', 'dist', '.extkit']);

rmSync(`${pkg}templates`, { recursive: true, force: true });
rmSync(`${pkg}schemas`, { recursive: true, force: true });
if (!process.argv.includes('--clean')) {
  cpSync(`${repo}templates`, `${pkg}templates`, { recursive: true, filter: (src) => !SKIP.has(basename(src)) });
  cpSync(`${repo}schemas/manifest.schema.json`, `${pkg}schemas/manifest.schema.json`);
}
