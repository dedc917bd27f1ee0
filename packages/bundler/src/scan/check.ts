import type { ContributionKind, Diagnostic, ManifestLike, Registration } from '../types.js';

interface KindInfo {
  pointer: string;
  where: string;
  fn: string;
  declared: (m: ManifestLike) => string[];
}

const KINDS: Record<ContributionKind, KindInfo> = {
  component: {
    pointer: '/contributes/site/components',
    where: 'contributes.site.components',
    fn: 'registerComponent',
    declared: (m) => m.contributes?.site?.components ?? [],
  },
  feature: {
    pointer: '/contributes/site/features',
    where: 'contributes.site.features',
    fn: 'registerFeature',
    declared: (m) => m.contributes?.site?.features ?? [],
  },
  slot: {
    pointer: '/contributes/console/slots',
    where: 'contributes.console.slots',
    fn: 'registerSlot',
    declared: (m) => m.contributes?.console?.slots ?? [],
  },
  route: {
    pointer: '/contributes/console/routes',
    where: 'contributes.console.routes',
    fn: 'registerRoute',
    declared: (m) => m.contributes?.console?.routes ?? [],
  },
  orgRoute: {
    pointer: '/contributes/console/orgRoutes',
    where: 'contributes.console.orgRoutes',
    fn: 'registerOrgRoute',
    declared: (m) => m.contributes?.console?.orgRoutes ?? [],
  },
  shell: {
    pointer: '/contributes/console/shell',
    where: 'contributes.console.shell',
    fn: 'registerShell',
    declared: (m) => (m.contributes?.console?.shell === true ? ['shell'] : []),
  },
};

const isKind = (k: string): k is ContributionKind => Object.hasOwn(KINDS, k);
const show = (r: Registration): string => (r.kind === 'shell' ? 'the console shell' : `${r.kind} "${r.id}"`);

/** Keeps the well-formed [kind, id] pairs the scan reported, as registrations. */
export function toRegistrations(pairs: Array<[string, string]>): Registration[] {
  return pairs.filter((p): p is [ContributionKind, string] => isKind(p[0])).map(([kind, id]) => ({ kind, id }));
}

/** Holds what the bundle registered against what `contributes` declares (the seed's publish rule). */
export function checkRegistrations(
  registrations: Registration[],
  manifest: ManifestLike,
): { errors: Diagnostic[]; warnings: Diagnostic[] } {
  const errors: Diagnostic[] = [];
  const warnings: Diagnostic[] = [];
  if (manifest.contributes === undefined) {
    if (registrations.length > 0) {
      errors.push({
        code: 'scan.contributes_missing',
        path: '/contributes',
        message: `The bundle registers ${registrations.map(show).join(', ')}, but manifest.json has no "contributes". A version whose bundle registers anything must declare it, e.g. "contributes": { "site": { "components": ["${registrations[0]!.id}"] } }.`,
      });
    }
    return { errors, warnings };
  }
  for (const r of registrations) {
    const info = KINDS[r.kind];
    if (info.declared(manifest).includes(r.id)) continue;
    const fix = r.kind === 'shell' ? 'set "contributes.console.shell": true' : `add "${r.id}" to ${info.where}`;
    errors.push({
      code: 'scan.undeclared_registration',
      path: info.pointer,
      message: `The bundle registers ${show(r)} (${info.fn}), which ${info.where} does not declare; it would be refused at publish. Either ${fix} in manifest.json, or remove the ${info.fn} call.`,
    });
  }
  for (const [kind, info] of Object.entries(KINDS) as Array<[ContributionKind, KindInfo]>) {
    info.declared(manifest).forEach((id, i) => {
      if (registrations.some((r) => r.kind === kind && r.id === id)) return;
      warnings.push({
        code: 'scan.unregistered_contribution',
        path: kind === 'shell' ? info.pointer : `${info.pointer}/${i}`,
        message: `${info.where} declares ${kind === 'shell' ? 'the console shell' : `"${id}"`}, but the bundle never calls ${info.fn}${kind === 'shell' ? '' : `("${id}", ...)`} when it is evaluated, so the host would have nothing to mount there.`,
      });
    });
  }
  return { errors, warnings };
}
