// The surface an id names in a manifest's `contributes`: shared by render() in jsdom
// and in Chromium (no Node here: the browser run imports it too).
import type { Manifest } from '@extkit/manifest/read';
import type { ContributionKind } from '@extkit/runtime';
import { TestingError } from './errors.js';

const LISTS: Array<[ContributionKind, string, (m: Manifest) => readonly string[] | undefined]> = [
  ['component', 'contributes.site.components', (m) => m.contributes?.site?.components],
  ['feature', 'contributes.site.features', (m) => m.contributes?.site?.features],
  ['slot', 'contributes.console.slots', (m) => m.contributes?.console?.slots],
  ['route', 'contributes.console.routes', (m) => m.contributes?.console?.routes],
  ['orgRoute', 'contributes.console.orgRoutes', (m) => m.contributes?.console?.orgRoutes],
  ['shell', 'contributes.console.shell', (m) => (m.contributes?.console?.shell === true ? ['shell'] : [])],
];

/** The kind under which `contributes` declares `id`; `kind` picks one when the id is declared under several. */
export function declaredKind(
  { manifest, source }: { manifest: Manifest; source: string },
  id: string,
  kind: ContributionKind | undefined,
): ContributionKind {
  const kinds = LISTS.filter(
    ([k, , list]) => (kind === undefined || k === kind) && (list(manifest) ?? []).includes(id),
  ).map(([k]) => k);
  if (kinds.length === 1) return kinds[0]!;
  if (kinds.length > 1) {
    throw new TestingError(
      'testing.ambiguous_id',
      `render(${JSON.stringify(id)}): ${source} declares it as ${kinds.join(' and ')}; say which: render(${JSON.stringify(id)}, { kind: ${JSON.stringify(kinds[0])} }).`,
    );
  }
  const declared = LISTS.flatMap(([k, where, list]) =>
    (list(manifest) ?? []).map((d) => `${k} ${JSON.stringify(d)} (${where})`),
  );
  const under = kind === undefined ? '' : ` as a ${kind}`;
  throw new TestingError(
    'testing.not_declared',
    `render(${JSON.stringify(id)}): ${source} does not declare it${under}, so the host would never mount it. ${declared.length ? `It declares: ${declared.join(', ')}.` : 'It declares no contribution.'} Add it to contributes, or render one of these.`,
  );
}
