// The config a surface receives: the manifest's defaults (as the validator
// coerced them), then the test's values, each held to its field by the same
// verdict the preview's settings panel applies.
import type { Manifest } from '@extkit/manifest/read';
import { configValueProblem } from '@extkit/runtime/bridge';
import { TestingError } from './errors.js';

type Values = Record<string, unknown>;

/** The defaults, then `values` checked against config.fields; a wrong type, range or option, or an unknown key, throws. */
export function buildConfig(manifest: Manifest, values: Values | undefined, caller: string): Values {
  const fields = manifest.config?.fields ?? [];
  const out: Values = {};
  for (const [key, value] of Object.entries(manifest.config?.defaults ?? {})) if (value !== undefined) out[key] = value;
  const problems: string[] = [];
  for (const [key, value] of Object.entries(values ?? {})) {
    const field = fields.find((f) => f.key === key);
    const problem = field
      ? configValueProblem(field, value)
      : `"${key}" is not a config field (config.fields has ${fields.length ? fields.map((f) => JSON.stringify(f.key)).join(', ') : 'none'}), so no installer can set it`;
    if (problem !== undefined) problems.push(problem);
    else out[key] = value;
  }
  if (problems.length) {
    throw new TestingError(
      'testing.config_invalid',
      `${caller}: config the settings could never hold:\n  ${problems.join('\n  ')}`,
    );
  }
  return out;
}
