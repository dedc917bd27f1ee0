// Where the extension loads in the preview: one surface per contribution that
// `contributes` declares, and, when nothing may load, the reason why.
import type { Manifest } from '@extkit/manifest';
import { bindingPropOf } from '@extkit/runtime/bridge';
import type { PlannedSurface, PreviewState } from '../types.js';

/** One surface per declared contribution, in the manifest's order: site first, then console. */
export function planSurfaces(manifest: Manifest): PlannedSurface[] {
  const site = manifest.contributes?.site;
  const consoleSide = manifest.contributes?.console;
  const out: PlannedSurface[] = [];
  const add = (kind: PlannedSurface['kind'], id: string): void => {
    const surface: PlannedSurface = { key: `${kind}:${id}`, kind, id };
    const bindingProp = bindingPropOf(manifest, kind, id);
    if (bindingProp) surface.bindingProp = bindingProp;
    if (!out.some((s) => s.key === surface.key)) out.push(surface);
  };
  for (const id of site?.components ?? []) add('component', id);
  for (const id of site?.features ?? []) add('feature', id);
  for (const id of consoleSide?.slots ?? []) add('slot', id);
  for (const path of consoleSide?.routes ?? []) add('route', path);
  for (const path of consoleSide?.orgRoutes ?? []) add('orgRoute', path);
  if (consoleSide?.shell === true) add('shell', 'shell');
  return out;
}

/**
 * Why a manifest without `contributes` loads nothing in the preview, or null. (A
 * `contributes` that declares no place is refused earlier, by the loader policy.)
 */
export function noContributes(manifest: Manifest): PreviewState['blocked'] {
  if (manifest.contributes !== undefined) return null;
  return {
    code: 'preview.no_contributes',
    message:
      'manifest.json has no "contributes", so the preview loads nothing. Declare where the extension loads, e.g. "contributes": { "site": { "components": ["<publisher>.' +
      manifest.id +
      '.widget"] } }.',
  };
}
