import type { ContributionKind, Mount } from './context.js';

/** One recorded registration: what it contributes and how to mount it. */
export interface RegistryEntry {
  kind: ContributionKind;
  id: string;
  // Mounts of every props/config shape share one list; the host narrows them.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- one list for every shape: `unknown` would refuse typed mounts
  mount: Mount<any, any, any>;
}

/** The registry every copy of the runtime in one realm shares. */
export interface Registry {
  registrations: RegistryEntry[];
  /**
   * Called after each new registration, when set: the frame's bridge sets it once it has sent its `ready`, and
   * lists the registrations again, so that one made later (a timer, a click) is held to contributes too.
   */
  recorded?: () => void;
}

/** The global key of the registry: `globalThis[Symbol.for('extkit.registry')]`. */
export const REGISTRY_KEY: unique symbol = Symbol.for('extkit.registry') as never;

/** Returns this realm's registry, creating it on first use. */
export function getRegistry(): Registry {
  const g = globalThis as unknown as { [REGISTRY_KEY]?: Registry };
  return (g[REGISTRY_KEY] ??= { registrations: [] });
}

/** The `{kind, id}` of every registration in this realm, in registration order. */
export function getRegistrations(): Array<{ kind: ContributionKind; id: string }> {
  return getRegistry().registrations.map(({ kind, id }) => ({ kind, id }));
}

/** Records a registration; the same (kind, id) again keeps its place and takes the later mount. */
export function record(entry: RegistryEntry): void {
  const list = getRegistry().registrations;
  const same = list.find((r) => r.kind === entry.kind && r.id === entry.id);
  if (same) same.mount = entry.mount;
  else {
    list.push(entry);
    try {
      getRegistry().recorded?.();
    } catch {
      // A bridge that cannot say so never stops a registration.
    }
  }
}
