import { describe, expect, it } from 'vitest';
import { MAX_TARGETS, attemptEntry, iceTargets, isSandboxAttempt } from './attempt.js';

describe('iceTargets', () => {
  it('lists the ICE server URLs a configuration names, string or list', () => {
    expect(iceTargets({ iceServers: [{ urls: 'turn:a.example' }, { urls: ['stun:b.example', 42] }] })).toEqual(['turn:a.example', 'stun:b.example']);
    expect(iceTargets(undefined)).toEqual([]);
    expect(iceTargets({ iceServers: 'x' })).toEqual([]);
  });

  it('survives a hostile configuration: throwing getters, huge lists, huge strings', () => {
    const hostile = { get iceServers(): never { throw new Error('gotcha'); } };
    expect(iceTargets(hostile)).toEqual([]);
    const many = iceTargets({ iceServers: Array.from({ length: 100 }, (_, i) => ({ urls: `turn:${'x'.repeat(500)}${i}` })) });
    expect(many).toHaveLength(MAX_TARGETS);
    expect(many.every((t) => t.length === 200)).toBe(true);
  });
});

describe('isSandboxAttempt', () => {
  it('accepts only the lockdown\'s own message shape', () => {
    expect(isSandboxAttempt({ extkit: 'sandbox', protocol: 1, api: 'RTCPeerConnection', targets: ['turn:a'] })).toBe(true);
    expect(isSandboxAttempt({ extkit: 'sandbox', protocol: 1, api: 'fetch', targets: [] })).toBe(false);
    expect(isSandboxAttempt({ extkit: 'sandbox', protocol: 2, api: 'RTCPeerConnection', targets: [] })).toBe(false);
    expect(isSandboxAttempt({ extkit: 'sandbox', protocol: 1, api: 'RTCPeerConnection', targets: [1] })).toBe(false);
    expect(isSandboxAttempt({ extkit: 'sandbox', protocol: 1, api: 'RTCPeerConnection', targets: Array(11).fill('x') })).toBe(false);
    expect(isSandboxAttempt(null)).toBe(false);
  });

  it('becomes a network-log entry that says it cannot be declared', () => {
    const entry = attemptEntry('component:x', { extkit: 'sandbox', protocol: 1, api: 'RTCPeerConnection', targets: [] });
    expect(entry).toMatchObject({ surface: 'component:x', directive: 'webrtc', blocked: 'new RTCPeerConnection()', origin: null });
    expect(entry.fix).toContain('It cannot be declared.');
  });
});

describe('resource-hint attempts', () => {
  it('are accepted for the blocked rels and the refused markup, nothing else', () => {
    for (const api of ['preconnect', 'dns-prefetch', 'srcdoc', 'document.write', 'execCommand', 'shadowrootmode']) {
      expect(isSandboxAttempt({ extkit: 'sandbox', protocol: 1, api, targets: [] }), api).toBe(true);
    }
    for (const api of ['prefetch', 'preload', 'modulepreload', 'stylesheet']) expect(isSandboxAttempt({ extkit: 'sandbox', protocol: 1, api, targets: [] }), api).toBe(false);
  });

  it('become network-log entries naming the host and what the platform must do', () => {
    const entry = attemptEntry('component:x', { extkit: 'sandbox', protocol: 1, api: 'dns-prefetch', targets: ['http://x.example'] });
    expect(entry).toMatchObject({ directive: 'link rel=dns-prefetch', blocked: 'http://x.example', origin: null });
    expect(entry.fix).toMatch(/sends to DNS any host a hint names and connect-src \(capabilities\.network\) does not govern it, so the platform's sandbox must strip/);
    expect(attemptEntry('s', { extkit: 'sandbox', protocol: 1, api: 'preconnect', targets: [] }).blocked).toBe('<link rel=preconnect>');
    expect(attemptEntry('s', { extkit: 'sandbox', protocol: 1, api: 'srcdoc', targets: [] })).toMatchObject({ directive: 'srcdoc', blocked: 'an iframe document with <link> or <script>' });
    expect(attemptEntry('s', { extkit: 'sandbox', protocol: 1, api: 'shadowrootmode', targets: [] }).directive).toBe('declarative shadow root');
  });
});
