// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { MAX_FIRST_MOUNT, firstMountFragment, takeFirstMount } from './first-mount.js';

const surface = { kind: 'component', id: 'acme.demo.card' } as const;
afterEach(() => history.replaceState(null, '', '/'));

describe('the first mount in a frame URL', () => {
  it('is taken out of the URL before the extension runs, and read back as the host wrote it', () => {
    const mount = { surface, props: { title: 'Hello #1 & 100%' }, config: { apiKey: 'key_1' } };
    history.replaceState(null, '', `/__extkit/frame/x?r=1&load=n${firstMountFragment(mount)}`);
    expect(takeFirstMount(window)).toEqual(mount);
    expect(location.href).toBe(`${location.origin}/__extkit/frame/x?r=1&load=n`);
    expect(takeFirstMount(window)).toBeUndefined();
  });

  it('is left out when it is too large or not plain data, and a forged one is not read', () => {
    expect(firstMountFragment({ surface, props: { big: 'x'.repeat(MAX_FIRST_MOUNT) }, config: {} })).toBe('');
    expect(firstMountFragment({ surface, props: { n: 1n }, config: {} })).toBe('');
    for (const forged of [
      '#mount=%7B',
      '#mount=%7B%22surface%22%3A%7B%22kind%22%3A%22virus%22%2C%22id%22%3A%22x%22%7D%7D',
      '#mount=%E0',
    ]) {
      history.replaceState(null, '', `/x${forged}`);
      expect(takeFirstMount(window)).toBeUndefined();
    }
  });
});
