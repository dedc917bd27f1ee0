// @vitest-environment jsdom
import { join } from 'node:path';
import { getRegistry, registerComponent } from '@extkit/runtime';
import { describe, expect, it } from 'vitest';
import { render, type View } from './index.js';

const MANIFEST = join(import.meta.dirname, '__fixtures__/card/manifest.json');
let cleaned = 0;
let first: View | undefined;

describe('under vitest', () => {
  it('a view left mounted at the end of a test...', () => {
    getRegistry().registrations.length = 0;
    registerComponent('acme.demo-card.card', () => () => void cleaned++);
    first = render('acme.demo-card.card', { manifest: MANIFEST });
    expect(first.mounted).toBe(true);
  });

  it('...is unmounted before the next one, its cleanup run and the network given back', async () => {
    expect(first!.mounted).toBe(false);
    expect(cleaned).toBe(1);
    expect(document.body.children).toHaveLength(0);
    await expect((await fetch('data:text/plain,through')).text()).resolves.toBe('through');
    expect(first!.blocked).toEqual([]);
  });
});
