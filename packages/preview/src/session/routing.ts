// Whether the preview routes the frames' API calls to the emulator: only with an emulator
// (`extkit dev --emulator`) and the project's API base (`"extkit": { "api" }`), both usable.
import { parseApiBase } from '@extkit/runtime/routing';
import type { EmulatorLink, PreviewDiagnostic, PreviewState } from '../types.js';

/** The routing the state carries, and why it is off when an emulator was given without a usable API base. */
export function routingFor(
  api: unknown,
  emulator: EmulatorLink | undefined,
): { routing: PreviewState['routing']; diagnostics: PreviewDiagnostic[] } {
  if (!emulator) return { routing: null, diagnostics: [] };
  const emu = parseApiBase(emulator.baseUrl);
  if (!emu.ok) throw new TypeError(`the emulator's base URL ${emu.problem}`);
  if (api === undefined)
    return {
      routing: null,
      diagnostics: [
        {
          code: 'preview.api_missing',
          severity: 'warning',
          message: `--emulator is on, but package.json names no API base, so nothing is routed to the emulator at ${emu.base.href}. Add "extkit": { "api": "https://<the platform's API host>/v1" } and declare its origin in capabilities.network (docs/api.md).`,
        },
      ],
    };
  const base = parseApiBase(api);
  // An unusable one is already an error of the manifest's diagnostics (api.invalid).
  if (!base.ok) return { routing: null, diagnostics: [] };
  return { routing: { api: base.base.href, emulator: emu.base.href, admin: emulator.adminUrl }, diagnostics: [] };
}
