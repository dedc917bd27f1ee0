// @vitest-environment jsdom
import { render } from '@extkit/testing';
import { describe, expect, it } from 'vitest';
import './index';
import { checkNote, remaining } from './note';

describe('the notes box', () => {
  it('accepts a note within the limit, trimmed', () => {
    expect(checkNote('  Ship on Monday ', 280)).toEqual({ ok: true, note: 'Ship on Monday' });
  });

  it('refuses a blank note', () => {
    expect(checkNote('   ', 280)).toEqual({ ok: false, reason: 'Write something first.' });
  });

  it('refuses a note past the limit and says by how much', () => {
    expect(checkNote('x'.repeat(12), 10)).toEqual({ ok: false, reason: '2 characters too long (at most 10).' });
  });

  it('counts the characters used', () => {
    expect(remaining(' abc ', 280)).toBe('3 / 280');
  });
});

describe('the notes box, mounted as the host mounts it', () => {
  const type = (box: HTMLTextAreaElement, text: string): void => {
    box.value = text;
    box.dispatchEvent(new Event('input'));
  };

  it('saves a note for the order and tells the host', async () => {
    const view = render('orders.sidebar', { props: { orderId: 'ord_7' }, strict: true });
    await view.settled();
    expect(view.root.querySelector('h3')!.textContent).toBe('Notes on order ord_7');
    const box = view.root.querySelector('textarea')!;
    type(box, ' Ship on Monday ');
    await view.settled();
    expect(view.root.querySelector('p')!.textContent).toBe('14 / 280');
    view.root.querySelector('button')!.click();
    await view.settled();
    expect(view.events).toEqual([{ name: 'note-saved', detail: { orderId: 'ord_7', note: 'Ship on Monday' } }]);
    expect(box.value).toBe('');
  });

  it('refuses a note past the configured limit, and tells the host nothing', async () => {
    const view = render('orders.sidebar', { config: { maxLength: 10 }, strict: true });
    await view.settled();
    type(view.root.querySelector('textarea')!, 'x'.repeat(12));
    view.root.querySelector('button')!.click();
    await view.settled();
    expect(view.root.querySelector('p')!.textContent).toBe('2 characters too long (at most 10).');
    expect(view.events).toEqual([]);
  });
});
