import type { Manifest } from '@extkit/manifest';
import { describe, expect, it } from 'vitest';
import { loadDecision } from './load-decision.js';
import { noContributes, planSurfaces } from './surfaces.js';

const base: Manifest = { id: 'demo', name: 'Demo', version: '1.0.0', entry: 'dist/index.js', hostAbi: 1 };

describe('planSurfaces', () => {
  it("gives one surface per declared contribution, with each component's function binding", () => {
    const surfaces = planSurfaces({
      ...base,
      contributes: {
        site: {
          components: ['acme.demo.card'],
          features: ['analytics'],
          functionBindings: { 'acme.demo.card': 'onSave' },
        },
        console: { slots: ['orders.sidebar'], routes: ['/demo'], orgRoutes: ['/org-demo'], shell: true },
      },
    });
    expect(surfaces.map((s) => s.key)).toEqual([
      'component:acme.demo.card',
      'feature:analytics',
      'slot:orders.sidebar',
      'route:/demo',
      'orgRoute:/org-demo',
      'shell:shell',
    ]);
    expect(surfaces[0]?.bindingProp).toBe('onSave');
  });
});

describe('why nothing loads', () => {
  it('says so when contributes is absent or declares nothing', () => {
    expect(noContributes(base)?.code).toBe('preview.no_contributes');
    const empty = { ...base, contributes: {} };
    expect(planSurfaces(empty)).toEqual([]);
    expect(noContributes(empty)).toBeNull(); // the loader policy speaks for an empty contributes:
    expect(loadDecision(empty, 1)?.code).toBe('load.declares_nothing');
  });

  it('never loads a hostAbi mismatch, and says how to fix it', () => {
    const decision = loadDecision({ ...base, contributes: { console: { shell: true } } }, 2);
    expect(decision?.code).toBe('load.host_abi_mismatch');
    expect(decision?.message).toContain('--host-abi 1');
    expect(loadDecision({ ...base, contributes: { console: { shell: true } } }, 1)).toBeNull();
  });
});
