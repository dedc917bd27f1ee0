// The templates under templates/, and what each shows once it runs in the preview.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from './cli.js';

export interface TemplateManifest {
  id: string;
  name: string;
  capabilities: { events: string[] };
  contributes: {
    site?: { components?: string[]; features?: string[] };
    console?: { slots?: string[]; routes?: string[]; shell?: boolean };
  };
}

export const TEMPLATES_DIR = join(repoRoot, 'templates');
export const TEMPLATES = (
  JSON.parse(readFileSync(join(TEMPLATES_DIR, 'catalog.json'), 'utf8')) as Array<{ name: string }>
).map((t) => t.name);

export const readManifestOf = (dir: string): TemplateManifest =>
  JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as TemplateManifest;

/** The preview's key of the (single) surface a template's manifest declares, e.g. "component:acme.hello-card.card". */
export function surfaceKey(m: TemplateManifest): string {
  const { site = {}, console: c = {} } = m.contributes;
  if (site.components?.[0]) return `component:${site.components[0]}`;
  if (site.features?.[0]) return `feature:${site.features[0]}`;
  if (c.slots?.[0]) return `slot:${c.slots[0]}`;
  if (c.routes?.[0]) return `route:${c.routes[0]}`;
  if (c.shell) return 'shell:shell';
  throw new Error(`${m.id} declares no surface`);
}

/** What each template's frame shows once mounted with its default config (name: the project's display name). */
export const RENDERS: Record<string, (name: string) => RegExp> = {
  'site-component': () => /Hello, .+!/,
  'site-component-react': () => /Count: 0/,
  'site-feature': () => /Free shipping this week/,
  'console-route': () => /Orders this month[\s\S]*% of the target/,
  // Without a key it calls nothing; with one (extkit dev --emulator) it lists orders: test/console-orders.e2e.test.ts.
  'console-orders': () => /Orders[\s\S]*Enter an organization API key/,
  'console-slot': () => /(Order notes|Notes on order)[\s\S]*\/ 280/,
  'console-shell': (name) => new RegExp(`${name}[\\s\\S]*Dashboard[\\s\\S]*Orders`),
};
