// What a frame registers at run time, held to `contributes` by the build's own check
// (@extkit/bundler/check, the scan's codes): a bundle can register differently in the
// frame than in the scan's realm (it can probe for a DOM the scan does not have), so
// the preview checks again what the frame reports in its `ready`.
import { checkRegistrations } from '@extkit/bundler/check';
import type { Surface } from '@extkit/runtime/bridge';
import type { PlannedSurface } from '../types.js';

/** The registrations `contributes` (as the planned surfaces say it) does not declare, as the build refuses them. */
export function registrationRefusals(
  registrations: Surface[],
  surfaces: PlannedSurface[],
): Array<{ code: string; message: string }> {
  const ids = (kind: Surface['kind']): string[] => surfaces.filter((s) => s.kind === kind).map((s) => s.id);
  const contributes = {
    site: { components: ids('component'), features: ids('feature') },
    console: {
      slots: ids('slot'),
      routes: ids('route'),
      orgRoutes: ids('orgRoute'),
      shell: surfaces.some((s) => s.kind === 'shell'),
    },
  };
  const { errors } = checkRegistrations(registrations, { id: '', version: '', entry: '', hostAbi: 0, contributes });
  return errors.map(({ code, message }) => ({ code, message: `At run time, in the frame: ${message}` }));
}
