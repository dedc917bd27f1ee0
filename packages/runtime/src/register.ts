import type { ContributionKind, Mount } from './context.js';
import { record } from './registry.js';

function add(kind: ContributionKind, fn: string, id: unknown, mount: unknown): void {
  if (typeof id !== 'string' || id === '')
    throw new TypeError(`${fn}: the id must be a non-empty string, got ${typeof id === 'string' ? '""' : typeof id}`);
  if (typeof mount !== 'function')
    throw new TypeError(`${fn}("${id}"): the mount must be a function, got ${typeof mount}`);
  record({ kind, id, mount: mount as Mount });
}

/** Registers a site component declared in `contributes.site.components`, e.g. `registerComponent('acme.map.widget', mount)`. */
export function registerComponent<P = Record<string, unknown>, C = Record<string, unknown>, E extends string = string>(
  id: string,
  mount: Mount<P, C, E>,
): void {
  add('component', 'registerComponent', id, mount);
}

/** Registers a site feature declared in `contributes.site.features`. */
export function registerFeature<P = Record<string, unknown>, C = Record<string, unknown>, E extends string = string>(
  id: string,
  mount: Mount<P, C, E>,
): void {
  add('feature', 'registerFeature', id, mount);
}

/** Registers a console slot declared in `contributes.console.slots`. */
export function registerSlot<P = Record<string, unknown>, C = Record<string, unknown>, E extends string = string>(
  id: string,
  mount: Mount<P, C, E>,
): void {
  add('slot', 'registerSlot', id, mount);
}

/** Registers a console route declared in `contributes.console.routes`. */
export function registerRoute<P = Record<string, unknown>, C = Record<string, unknown>, E extends string = string>(
  path: string,
  mount: Mount<P, C, E>,
): void {
  add('route', 'registerRoute', path, mount);
}

/** Registers a console org route declared in `contributes.console.orgRoutes`. */
export function registerOrgRoute<P = Record<string, unknown>, C = Record<string, unknown>, E extends string = string>(
  path: string,
  mount: Mount<P, C, E>,
): void {
  add('orgRoute', 'registerOrgRoute', path, mount);
}

/** Registers the console shell (`contributes.console.shell: true`); its id is always `"shell"`. */
export function registerShell<P = Record<string, unknown>, C = Record<string, unknown>, E extends string = string>(
  mount: Mount<P, C, E>,
): void {
  add('shell', 'registerShell', 'shell', mount);
}
