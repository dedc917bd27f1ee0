import { describe, expect, it } from 'vitest';
import { MAX_TARGETS, attemptEntry, iceTargets, isSandboxAttempt } from './attempt.js';

describe('iceTargets', () => {
  it('lists the ICE server URLs a configuration names, string or list', () => {
    expect(iceTargets({ iceServers: [{ urls: 'turn:a.example' }, { urls: ['stun:b.example', 42] }] })).toEqual([
      'turn:a.example',
      'stun:b.example',
    ]);
    expect(iceTargets(undefined)).toEqual([]);
    expect(iceTargets({ iceServers: 'x' })).toEqual([]);
  });

  it('survives a hostile configuration: throwing getters, huge lists, huge strings', () => {
    const hostile = {
      get iceServers(): never {
        throw new Error('gotcha');
      },
    };
    expect(iceTargets(hostile)).toEqual([]);
    const many = iceTargets({
      iceServers: Array.from({ length: 100 }, (_, i) => ({ urls: `turn:${'x'.repeat(500)}${i}` })),
    });
    expect(many).toHaveLength(MAX_TARGETS);
    expect(many.every((t) => t.length === 200)).toBe(true);
  });

  it('reads the configuration with the built-ins it had before the extension ran', () => {
    const saved = {
      isArray: Array.isArray,
      iterator: Array.prototype[Symbol.iterator],
      slice: String.prototype.slice,
      apply: Reflect.apply,
      defineProperty: Reflect.defineProperty,
    };
    const config = { iceServers: [{ urls: 'turn:a.example' }, { urls: ['stun:b.example'] }] };
    Array.isArray = ((): boolean => false) as unknown as typeof Array.isArray;
    Array.prototype[Symbol.iterator] = function* () {} as unknown as typeof saved.iterator;
    String.prototype.slice = () => 'forged';
    Reflect.apply = () => 'forged';
    Reflect.defineProperty = () => true;
    let targets: string[];
    try {
      targets = iceTargets(config);
    } finally {
      Object.assign(Array, { isArray: saved.isArray });
      Array.prototype[Symbol.iterator] = saved.iterator;
      Object.assign(String.prototype, { slice: saved.slice });
      Object.assign(Reflect, { apply: saved.apply, defineProperty: saved.defineProperty });
    }
    expect(targets.length).toBe(2);
    expect(targets[0]).toBe('turn:a.example');
    expect(targets[1]).toBe('stun:b.example');
  });
});

describe('a nested-frame attempt', () => {
  it('is accepted, and its entry names the host or the elements, and what the platform must do', () => {
    expect(
      isSandboxAttempt({ extkit: 'sandbox', protocol: 1, api: 'nested-frame', targets: ['http://x.example'] }),
    ).toBe(true);
    expect(
      attemptEntry('s', { extkit: 'sandbox', protocol: 1, api: 'nested-frame', targets: ['http://x.example'] }),
    ).toMatchObject({ directive: 'nested frame', blocked: 'http://x.example', origin: null });
    const entry = attemptEntry('s', { extkit: 'sandbox', protocol: 1, api: 'nested-frame', targets: [] });
    expect(entry.blocked).toBe('<iframe>, <frame>, <object> or <embed>');
    expect(entry.fix).toMatch(
      /The platform's sandbox must refuse the same elements in the frame, before the extension's code runs/,
    );
  });
});

describe('isSandboxAttempt', () => {
  it("accepts only the lockdown's own message shape", () => {
    expect(isSandboxAttempt({ extkit: 'sandbox', protocol: 1, api: 'RTCPeerConnection', targets: ['turn:a'] })).toBe(
      true,
    );
    expect(isSandboxAttempt({ extkit: 'sandbox', protocol: 1, api: 'fetch', targets: [] })).toBe(false);
    expect(isSandboxAttempt({ extkit: 'sandbox', protocol: 2, api: 'RTCPeerConnection', targets: [] })).toBe(false);
    expect(isSandboxAttempt({ extkit: 'sandbox', protocol: 1, api: 'RTCPeerConnection', targets: [1] })).toBe(false);
    expect(
      isSandboxAttempt({ extkit: 'sandbox', protocol: 1, api: 'RTCPeerConnection', targets: Array(11).fill('x') }),
    ).toBe(false);
    expect(isSandboxAttempt(null)).toBe(false);
  });

  it('becomes a network-log entry that says it cannot be declared', () => {
    const entry = attemptEntry('component:x', {
      extkit: 'sandbox',
      protocol: 1,
      api: 'RTCPeerConnection',
      targets: [],
    });
    expect(entry).toMatchObject({
      surface: 'component:x',
      directive: 'webrtc',
      blocked: 'new RTCPeerConnection()',
      origin: null,
    });
    expect(entry.fix).toContain('It cannot be declared.');
  });
});

describe('resource-hint attempts', () => {
  it('are accepted for the blocked rels and the refused markup, nothing else', () => {
    for (const api of [
      'preconnect',
      'dns-prefetch',
      'document.write',
      'execCommand',
      'shadowrootmode',
      'nested-frame',
    ]) {
      expect(isSandboxAttempt({ extkit: 'sandbox', protocol: 1, api, targets: [] }), api).toBe(true);
    }
    for (const api of ['prefetch', 'preload', 'modulepreload', 'stylesheet', 'srcdoc'])
      expect(isSandboxAttempt({ extkit: 'sandbox', protocol: 1, api, targets: [] }), api).toBe(false);
  });

  it('become network-log entries naming the host and what the platform must do', () => {
    const entry = attemptEntry('component:x', {
      extkit: 'sandbox',
      protocol: 1,
      api: 'dns-prefetch',
      targets: ['http://x.example'],
    });
    expect(entry).toMatchObject({ directive: 'link rel=dns-prefetch', blocked: 'http://x.example', origin: null });
    expect(entry.fix).toMatch(
      /sends to DNS any host a hint names and connect-src \(capabilities\.network\) does not govern it, so the platform's sandbox must strip/,
    );
    expect(attemptEntry('s', { extkit: 'sandbox', protocol: 1, api: 'preconnect', targets: [] }).blocked).toBe(
      '<link rel=preconnect>',
    );
    expect(attemptEntry('s', { extkit: 'sandbox', protocol: 1, api: 'document.write', targets: [] })).toMatchObject({
      directive: 'document.write',
      blocked: 'markup with <link>, <script> or a nested frame',
    });
    const integrity = attemptEntry('s', {
      extkit: 'sandbox',
      protocol: 1,
      api: 'integrity',
      targets: ['http://x.example'],
    });
    expect(integrity).toMatchObject({ directive: 'script integrity', blocked: 'http://x.example', origin: null });
    expect(integrity.fix).toMatch(/platform's sandbox must strip integrity from <script> \(HTML and SVG\) and <link>/);
    expect(attemptEntry('s', { extkit: 'sandbox', protocol: 1, api: 'shadowrootmode', targets: [] }).directive).toBe(
      'declarative shadow root',
    );
  });
});
