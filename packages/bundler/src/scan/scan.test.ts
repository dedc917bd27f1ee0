import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ManifestLike } from '../types.js';
import { workerEnv } from './run.js';
import { scanBundle, scanCode } from './scan.js';

const REG = `const r = (globalThis[Symbol.for('extkit.registry')] ??= { registrations: [] });
const reg = (kind, id) => r.registrations.push({ kind, id, mount() {} });`;

const manifest = (contributes?: ManifestLike['contributes']): ManifestLike => ({
  id: 'm',
  version: '1.0.0',
  entry: 'index.js',
  hostAbi: 1,
  ...(contributes ? { contributes } : {}),
});
const declared = manifest({
  site: { components: ['acme.m.card'], features: ['tracker'] },
  console: { slots: ['order.side'], shell: true },
});

describe('scanCode', () => {
  it('finds what the bundle registers, synchronously, in promise jobs and in timers', async () => {
    const code = `${REG}
      reg('component', 'acme.m.card');
      Promise.resolve().then(() => reg('feature', 'tracker'));
      setTimeout(() => Promise.resolve().then(() => reg('slot', 'order.side')), 50);
      queueMicrotask(() => reg('shell', 'shell'));`;
    const r = await scanCode({ code }, 'index.js', declared);
    expect(r.registrations).toEqual([
      { kind: 'component', id: 'acme.m.card' },
      { kind: 'feature', id: 'tracker' },
      { kind: 'shell', id: 'shell' },
      { kind: 'slot', id: 'order.side' },
    ]);
    expect(r.errors).toEqual([]);
    expect(r.warnings).toEqual([]);
  });

  it('names a registration that contributes omits as an error, and a declared one never registered as a warning', async () => {
    const r = await scanCode(
      { code: `${REG} reg('component', 'acme.m.card'); reg('route', '/secret');` },
      'index.js',
      declared,
    );
    expect(r.errors.map((e) => [e.code, e.path])).toEqual([
      ['scan.undeclared_registration', '/contributes/console/routes'],
    ]);
    expect(r.errors[0]!.message).toContain('route "/secret"');
    expect(r.warnings.map((w) => [w.code, w.path])).toEqual([
      ['scan.unregistered_contribution', '/contributes/site/features/0'],
      ['scan.unregistered_contribution', '/contributes/console/slots/0'],
      ['scan.unregistered_contribution', '/contributes/console/shell'],
    ]);
  });

  it('refuses registering anything with no contributes at all', async () => {
    const r = await scanCode({ code: `${REG} reg('slot', 'x');` }, 'index.js', manifest());
    expect(r.errors.map((e) => e.code)).toEqual(['scan.contributes_missing']);
    expect(r.warnings).toEqual([]);
  });

  it('accepts a bundle that registers nothing and declares nothing', async () => {
    expect(await scanCode({ code: '1 + 1' }, 'index.js', manifest())).toEqual({
      registrations: [],
      errors: [],
      warnings: [],
    });
  });

  it('reports a bundle that throws with its message and position, and keeps what it registered before', async () => {
    const r = await scanCode(
      { code: `${REG} reg('component', 'acme.m.card');\ndocument.body.append('x');` },
      'dist/index.js',
      declared,
    );
    expect(r.errors[0]).toMatchObject({ code: 'scan.threw', location: { file: 'dist/index.js', line: 3, column: 0 } });
    expect(r.errors[0]!.message).toMatch(/document is not defined.*without a DOM/);
    expect(r.registrations).toEqual([{ kind: 'component', id: 'acme.m.card' }]);
  });

  it('stops a synchronous endless loop, an endless promise chain and endless timers', async () => {
    for (const code of [
      'for (;;) {}',
      'const f = () => Promise.resolve().then(f); f();',
      'setInterval(() => {}, 1000);',
    ]) {
      const t0 = Date.now();
      const r = await scanCode({ code }, 'index.js', manifest(), { timeoutMs: 300 });
      expect(
        r.errors.map((e) => e.code),
        code,
      ).toEqual(['scan.timeout']);
      expect(Date.now() - t0).toBeLessThan(3000);
    }
  });

  it('ends a thrown message with exactly one period, whatever the message brought', async () => {
    for (const thrown of [
      '"Config missing."',
      '"Config missing..."',
      '"Config missing"',
      'new Error("Config missing. ")',
    ]) {
      const r = await scanCode({ code: `throw ${thrown};` }, 'index.js', manifest());
      expect(r.errors[0]!.message, thrown).toMatch(/Config missing\.$/);
    }
    const hinted = await scanCode({ code: 'document.x = 1;' }, 'index.js', manifest());
    expect(hinted.errors[0]!.message).not.toMatch(/\.\./);
  });

  it('looks like a frame to code that probes for one: animation frames, idle callbacks, performance.now, window and self, driven to the end', async () => {
    // A bundle that registers only where requestAnimationFrame exists passed the scan (a security review).
    const code = `${REG}
      if (typeof requestAnimationFrame === 'function') reg('component', 'raf:' + typeof cancelAnimationFrame);
      requestAnimationFrame((t) => requestAnimationFrame((t2) => reg('slot', 'frames:' + t + ',' + t2)));
      requestIdleCallback((d) => reg('feature', 'idle:' + typeof d.timeRemaining()));
      const cancelled = requestAnimationFrame(() => reg('route', '/never'));
      cancelAnimationFrame(cancelled);
      setTimeout(() => reg('orgRoute', 'now:' + performance.now()), 100);
      if (window === globalThis && self === window) reg('shell', 'shell');
      window.addEventListener('resize', () => reg('route', '/resized'));
      addEventListener('DOMContentLoaded', (e) => reg('slot', 'parsed:' + e.type));
      window.addEventListener('load', { handleEvent: () => reg('slot', 'loaded') });
      const off = () => reg('route', '/removed');
      addEventListener('load', off);
      removeEventListener('load', off);`;
    const r = await scanCode({ code }, 'index.js', manifest({}));
    expect(r.registrations.map((x) => `${x.kind} ${x.id}`).sort()).toEqual([
      'component raf:function',
      'feature idle:number',
      'orgRoute now:100',
      'shell shell',
      'slot frames:16,32',
      'slot loaded',
      'slot parsed:DOMContentLoaded',
    ]);
    expect(r.errors.map((e) => e.code)).toEqual(Array(7).fill('scan.undeclared_registration'));
    const loop = await scanCode({ code: 'const f = () => requestAnimationFrame(f); f();' }, 'index.js', manifest(), {
      timeoutMs: 300,
    });
    expect(loop.errors.map((e) => e.code)).toEqual(['scan.timeout']);
  });

  it('sees every registration the bundle made, however it hides them afterwards', async () => {
    for (const hide of [
      'setTimeout(() => { r.registrations.length = 0; }, 50);',
      "Array.prototype.map = () => []; JSON.stringify = () => '[]'; String = () => 'x';",
      "Object.defineProperty(Array.prototype, '0', { set() {}, configurable: true });",
      "setTimeout(() => { globalThis[Symbol.for('extkit.registry')] = { registrations: [] }; });",
    ]) {
      const r = await scanCode(
        { code: `${REG} reg('component', 'acme.m.card'); reg('route', '/secret'); ${hide}` },
        'index.js',
        declared,
      );
      expect(
        r.errors.map((e) => [e.code, e.path]),
        hide,
      ).toEqual([['scan.undeclared_registration', '/contributes/console/routes']]);
    }
  });

  it('reports a promise rejection nothing handles', async () => {
    const r = await scanCode({ code: 'Promise.reject(new Error("boom"))' }, 'index.js', manifest());
    expect(r.errors[0]).toMatchObject({ code: 'scan.threw' });
    expect(r.errors[0]!.message).toContain('boom');
  });

  it('gives the bundle no way to the host: no require, process, fetch, and no host constructor', async () => {
    const code = `${REG}
      const seen = [typeof require, typeof process, typeof fetch, typeof document, typeof window.process, typeof globalThis.constructor.constructor('return this')().process];
      reg('component', seen.join(','));`;
    const r = await scanCode({ code }, 'index.js', manifest({}));
    expect(r.registrations[0]!.id).toBe('undefined,undefined,undefined,undefined,undefined,undefined');
  });

  it('gives the bundle no import(): a dynamic import is refused, from the bundle and from code it makes', async () => {
    const code = `${REG}
      const tried = (p, name) => p.then(() => reg('component', name + ':loaded'), () => reg('component', name + ':refused'));
      tried(import('node:fs'), 'direct');
      tried(Function('return import("node:child_process")')(), 'made');`;
    const r = await scanCode({ code }, 'index.js', manifest({}));
    expect(r.registrations.map((x) => x.id).sort()).toEqual(['direct:refused', 'made:refused']);
  });

  it("shows the bundle no host function or receiver in its stack's frames, at load, in a promise job or a timer", async () => {
    const code = `${REG}
      Error.prepareStackTrace = (e, frames) => frames.map((f) => {
        const fn = f.getFunction(), self = f.getThis();
        return (fn ? fn.constructor('return typeof process')() : '-') + (self && !(self instanceof Object) ? ' host receiver' : '');
      });
      const look = (when) => new Error().stack.forEach((seen, i) => reg('component', when + ' ' + i + ' ' + seen));
      look('load');
      Promise.resolve().then(() => look('job'));
      setTimeout(() => look('timer'));`;
    const r = await scanCode({ code }, 'index.js', manifest({}));
    const seen = r.registrations.map((x) => x.id);
    // Each stack runs through the scan's own frames (vm, the worker): none hands out its function or receiver.
    for (const when of ['load', 'job', 'timer'])
      expect(seen.filter((s) => s.startsWith(when)).length).toBeGreaterThan(3);
    expect(seen.filter((s) => !/^\w+ \d+ (-|undefined)$/.test(s))).toEqual([]);
  });

  it('holds the whole scan to its memory limit, ArrayBuffers and WebAssembly memories included', async () => {
    for (const code of [
      'const a = []; for (;;) a.push(new Uint8Array(256 * 1024 * 1024).fill(1));',
      'const m = new WebAssembly.Memory({ initial: 1, maximum: 65536 }); for (;;) { m.grow(1024); new Uint8Array(m.buffer).fill(1); }',
    ]) {
      const t0 = Date.now();
      const r = await scanCode({ code }, 'index.js', manifest(), { timeoutMs: 20_000, memoryMb: 32 });
      expect(
        r.errors.map((e) => e.code),
        code,
      ).toEqual(['scan.out_of_memory']);
      expect(r.errors[0]!.message).toContain('more than 64 MiB of memory (heap, ArrayBuffers and the rest)');
      expect(Date.now() - t0, code).toBeLessThan(10_000);
    }
  });

  it('stops a bundle that exhausts its heap', async () => {
    const r = await scanCode(
      { code: 'const a = []; for (;;) a.push(new Array(1e6).fill(1));' },
      'index.js',
      manifest(),
      { timeoutMs: 20_000, memoryMb: 32 },
    );
    expect(r.errors.map((e) => e.code)).toEqual(['scan.out_of_memory']);
  });
});

describe('scanBundle', () => {
  it('reads the bundle from disk', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'extkit-scan-'));
    writeFileSync(join(dir, 'b.js'), `${REG} reg('feature', 'tracker');`);
    const r = await scanBundle(join(dir, 'b.js'), manifest({ site: { features: ['tracker'] } }));
    expect(r).toEqual({ registrations: [{ kind: 'feature', id: 'tracker' }], errors: [], warnings: [] });
  });

  it('says when the bundle cannot be read', async () => {
    const r = await scanBundle('/nonexistent/b.js', manifest());
    expect(r.errors[0]).toMatchObject({ code: 'scan.bundle_unreadable' });
  });
});

describe('the scan worker environment', () => {
  it("holds nothing of the user's but where esbuild's binary is", () => {
    expect(workerEnv({ HOME: '/home/u', NPM_TOKEN: 'secret', ESBUILD_BINARY_PATH: '/opt/esbuild' })).toEqual({
      ESBUILD_BINARY_PATH: '/opt/esbuild',
    });
    expect(workerEnv({ HOME: '/home/u', NPM_TOKEN: 'secret' })).toEqual({});
  });
});
