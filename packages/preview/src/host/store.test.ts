import { beforeEach, describe, expect, it } from 'vitest';
import { show } from './dom.js';
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

  it('shows a detail that repeats itself, or claims a long length, in the time its message took to cross', () => {
    // 40 levels, each holding the one below twice: about 1 KB on the bridge, 2^40 leaves in JSON (the page hung).
    let pair: unknown = [1];
    let obj: unknown = { a: 1 };
    for (let i = 0; i < 40; i++) {
      pair = [pair, pair];
      obj = { a: obj, b: obj };
    }
    const sparse: unknown[] = [];
    sparse.length = 1e9;
    const cycle: Record<string, unknown> = { n: 1n };
    cycle['self'] = [pair, cycle];
    const started = performance.now();
    for (const detail of [pair, obj, sparse, cycle, [pair, 2n]]) logEvent('s', 'big', detail, true);
    expect(performance.now() - started).toBeLessThan(1000);
    const shown = store.events.newest(5).map((e) => e.detail);
    for (const text of shown) expect(text.length).toBeLessThanOrEqual(DETAIL_LIMIT);
    expect(shown[4]!.startsWith('['.repeat(41) + '1],[1]],[[1],[1]]]')).toBe(true);
    expect(shown[2]).toBe('null,'.repeat(DETAIL_LIMIT).replace(/^/, '[').slice(0, DETAIL_LIMIT));
    expect(shown[0]).toMatch(/^\[\[\[/);
    expect(shown[1]!.startsWith('{"n":"1","self":[[[[')).toBe(true);
    const loop: Record<string, unknown> = {};
    loop['self'] = loop;
    expect(show(loop)).toMatch(/^\(not shown: Converting circular structure to JSON/);
  });

  it('shows what JSON shows, cut at the limit', () => {
    const values: unknown[] = [
      { a: [1, 'two', { three: [null, true] }], b: undefined, c: 'x'.repeat(50) },
      [undefined, 1, [2, [3]]],
      { d: new Date(0) },
      5,
      null,
    ];
    for (const v of values) {
      for (const limit of [1, 5, 17, 40, DETAIL_LIMIT]) {
        store.events.clear();
        logEvent('s', 'v', [v, v], true);
        expect(store.events.newest(1)[0]!.detail).toBe(JSON.stringify([v, v]).slice(0, DETAIL_LIMIT));
        expect(show([v], limit)).toBe(JSON.stringify([v]).slice(0, limit));
      }
    }
  });
});

describe('the network log', () => {
  it('counts a request it already lists instead of listing it again', () => {
    const entry = {
      surface: 's',
      directive: 'connect-src',
      blocked: 'https://a.example',
      origin: 'https://a.example',
      fix: '',
    };
    logBlocked(entry);
    logBlocked({ ...entry, surface: 't' });
    logBlocked(entry);
    expect(store.blocked.newest(5).map((b) => [b.surface, b.count])).toEqual([
      ['t', 1],
      ['s', 2],
    ]);
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
