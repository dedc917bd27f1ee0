import { afterEach, describe, expect, it } from 'vitest';
import {
  REGISTRY_KEY,
  getRegistrations,
  getRegistry,
  registerComponent,
  registerFeature,
  registerOrgRoute,
  registerRoute,
  registerShell,
  registerSlot,
} from './index.js';

afterEach(() => {
  delete (globalThis as Record<symbol, unknown>)[REGISTRY_KEY];
});

describe('register functions', () => {
  it('record one registration per kind, in order, under the global registry key', () => {
    const mount = () => {};
    registerComponent('acme.map.widget', mount);
    registerFeature('acme.map.tracker', mount);
    registerSlot('order.sidebar', mount);
    registerRoute('/map', mount);
    registerOrgRoute('/org/map', mount);
    registerShell(mount);
    expect(getRegistrations()).toEqual([
      { kind: 'component', id: 'acme.map.widget' },
      { kind: 'feature', id: 'acme.map.tracker' },
      { kind: 'slot', id: 'order.sidebar' },
      { kind: 'route', id: '/map' },
      { kind: 'orgRoute', id: '/org/map' },
      { kind: 'shell', id: 'shell' },
    ]);
    expect(REGISTRY_KEY).toBe(Symbol.for('extkit.registry'));
    expect((globalThis as Record<symbol, unknown>)[Symbol.for('extkit.registry')]).toBe(getRegistry());
  });

  it('record the same kind and id once, keeping its place and the later mount', () => {
    const first = () => {};
    const later = () => {};
    registerComponent('a.b.c', first);
    registerSlot('s', first);
    registerComponent('a.b.c', later);
    expect(getRegistrations()).toEqual([
      { kind: 'component', id: 'a.b.c' },
      { kind: 'slot', id: 's' },
    ]);
    expect(getRegistry().registrations[0]!.mount).toBe(later);
  });

  it('keep the same id under different kinds apart', () => {
    registerComponent('x', () => {});
    registerFeature('x', () => {});
    expect(getRegistrations()).toHaveLength(2);
  });

  it('share a registry another copy of the runtime already created', () => {
    const existing = { registrations: [{ kind: 'slot' as const, id: 'pre', mount: () => {} }] };
    (globalThis as Record<symbol, unknown>)[Symbol.for('extkit.registry')] = existing;
    registerSlot('post', () => {});
    expect(existing.registrations.map((r) => r.id)).toEqual(['pre', 'post']);
  });

  it('refuse an empty or non-string id and a mount that is not a function', () => {
    expect(() => registerComponent('', () => {})).toThrow(/registerComponent: the id must be a non-empty string/);
    expect(() => registerRoute(42 as unknown as string, () => {})).toThrow(/got number/);
    expect(() => registerFeature('f', 'nope' as unknown as () => void)).toThrow(
      /registerFeature\("f"\): the mount must be a function, got string/,
    );
    expect(getRegistrations()).toEqual([]);
  });
});
