import { readFileSync } from 'node:fs';

/** The CLI package's own version, read once from its package.json (this code is bundled into a file directly under dist/). */
export function readOwnVersion(): string {
  const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string };
  return pkg.version;
}
