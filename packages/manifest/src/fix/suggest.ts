// What `--fix` suggests for a finding that needs a person: a kebab-case id, a version, an origin,
// a component id in the publisher's namespace. Suggestions are never written.
import type { Diagnostic } from '../diagnostics.js';
import type { ValidateOptions } from '../validate.js';

/** `weatherWidget`, `Weather_Widget` → `weather-widget`. */
export const kebab = (s: string): string =>
  s
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');

const valueAt = (manifest: unknown, path: string): unknown => {
  let v: unknown = manifest;
  for (const part of path.slice(1).split('/')) {
    if (v === null || typeof v !== 'object') return undefined;
    v = (v as Record<string, unknown>)[part.replace(/~1/g, '/').replace(/~0/g, '~')];
  }
  return v;
};

/** The suggested change for a `suggests` finding in `manifest` (as JSON.parse reads the file), or null when its message says all there is. */
export function suggestionFor(d: Diagnostic, manifest: unknown, options: ValidateOptions): string | null {
  const value = valueAt(manifest, d.path);
  switch (d.code) {
    case 'id.not_kebab_case':
      return typeof value === 'string' && kebab(value) !== '' ? `"id": "${kebab(value)}"` : null;
    case 'version.not_semver': {
      const m = typeof value === 'string' ? /^v?(\d+)(?:\.(\d+))?(?:\.(\d+))?/.exec(value.trim()) : null;
      return m ? `"version": "${Number(m[1])}.${Number(m[2] ?? 0)}.${Number(m[3] ?? 0)}"` : null;
    }
    case 'capabilities.network.not_origin':
    case 'capabilities.network.insecure': {
      if (typeof value !== 'string') return null;
      try {
        const url = new URL(value);
        if (d.code === 'capabilities.network.insecure') url.protocol = url.protocol === 'ws:' ? 'wss:' : 'https:';
        return url.origin === 'null' ? null : `"${url.origin}"`;
      } catch {
        return null;
      }
    }
    case 'contributes.site.components.wrong_publisher':
    case 'contributes.site.components.wrong_extension': {
      const publisher = typeof options.publisher === 'string' ? options.publisher : undefined;
      const parts = typeof value === 'string' ? value.split('.') : [];
      const id = valueAt(manifest, '/id');
      if (parts.length < 3 || typeof id !== 'string') return null;
      return `"${publisher ?? parts[0]}.${kebab(id)}.${parts.slice(2).join('.')}"`;
    }
    default:
      return null;
  }
}
