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
