import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Template } from './types.js';

const here = dirname(fileURLToPath(import.meta.url));

/**
 * The folder holding the templates and catalog.json: in the kit's checkout
 * (packages/create-extkit beside templates/) the repository's own, which packing
 * never touches; when published, the package's copy (`prepack` copies it in).
 */
export function templatesRoot(): string {
  const checkout = join(here, '..', '..', '..');
  const candidates = existsSync(join(checkout, 'packages', 'create-extkit', 'package.json'))
    ? [join(checkout, 'templates')]
    : [join(here, '..', 'templates')];
  const found = candidates.find((dir) => existsSync(join(dir, 'catalog.json')));
  if (!found) throw new Error(`create-extkit: no templates in ${candidates.join(' or ')} (the package is incomplete)`);
  return found;
}

/** The JSON Schema of manifest.json that created projects get a copy of. */
export function schemaFile(): string {
  return join(templatesRoot(), '..', 'schemas', 'manifest.schema.json');
}

/** The kit's version: created projects depend on `^<version>` of @extkit/cli and @extkit/runtime. */
export function kitVersion(): string {
  return (JSON.parse(readFileSync(join(here, '..', 'package.json'), 'utf8')) as { version: string }).version;
}

/** Every template, in catalog order. */
export function listTemplates(): Template[] {
  const root = templatesRoot();
  const catalog = JSON.parse(readFileSync(join(root, 'catalog.json'), 'utf8')) as Array<{
    name: string;
    description: string;
  }>;
  return catalog.map(({ name, description }) => ({ name, description, dir: join(root, name) }));
}

/** The template used when none is asked for and the defaults are accepted. */
export const DEFAULT_TEMPLATE = 'site-component';
