import { beforeEach, describe, expect, it } from 'vitest';
import { DETAIL_LIMIT, LOG_CAPACITY, logBlocked, logEvent, propValues, store } from './store.js';

beforeEach(() => {
  store.events.clear();
  store.blocked.clear();
});

describe('the event log', () => {
  it('keeps the newest LOG_CAPACITY entries and counts the rest', () => {
    for (let n = 0; n < LOG_CAPACITY + 1234; n++) logEvent('component:x', 'tick', { n }, true);
    expect(store.events.size).toBe(5000);
    expect(store.events.evicted).toBe(1234);
    expect(store.events.last()?.detail).toBe(`{"n":${LOG_CAPACITY + 1233}}`);
  });

  it('coalesces identical emits in a row into one entry with a count', () => {
    for (let i = 0; i < 3; i++) logEvent('component:x', 'ping', { same: true }, true);
    logEvent('component:x', 'ping', { same: false }, true);
    logEvent('component:x', 'ping', { same: false }, false);
    expect(store.events.newest(10).map((e) => [e.detail, e.accepted, e.count])).toEqual([
      ['{"same":false}', false, 1],
      ['{"same":false}', true, 1],
      ['{"same":true}', true, 3],
    ]);
    expect(store.events.coalesced).toBe(2);
  });

  it('cuts a huge detail, and shows what JSON cannot write', () => {
    logEvent('s', 'big', 'x'.repeat(DETAIL_LIMIT * 5), true);
    logEvent('s', 'bigint', 10n, true);
    expect(store.events.newest(2).map((e) => e.detail.length)).toEqual([2, DETAIL_LIMIT]);
  });
});

describe('the network log', () => {
  it('counts a request it already lists instead of listing it again', () => {
    const entry = { surface: 's', directive: 'connect-src', blocked: 'https://a.example', origin: 'https://a.example', fix: '' };
    logBlocked(entry);
    logBlocked({ ...entry, surface: 't' });
    logBlocked(entry);
    expect(store.blocked.newest(5).map((b) => [b.surface, b.count])).toEqual([['t', 1], ['s', 2]]);
  });
});

describe('props', () => {
  it('takes any name, constructor and __proto__ included', () => {
    store.props['constructor'] = '1';
    store.props['__proto__'] = '{"polluted":true}';
    const values = propValues();
    expect(Object.keys(values)).toEqual(['constructor', '__proto__']);
    expect(values['__proto__']).toEqual({ polluted: true });
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
  });
});

describe('the network log under a flood of distinct reports', () => {
  it('counts a repeat only among the newest entries, so each report costs the same however full the log', () => {
    const entry = (i: number) => ({ surface: 's', directive: 'webrtc', blocked: `turn:x${i}`, origin: null, fix: '' });
    logBlocked(entry(0));
    for (let i = 1; i <= 300; i++) logBlocked(entry(i));
    logBlocked(entry(0));
    expect(store.blocked.size).toBe(302);
    expect(store.blocked.coalesced).toBe(0);
  });
});
