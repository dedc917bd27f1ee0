// @vitest-environment jsdom
import { render } from '@extkit/testing';
import { describe, expect, it } from 'vitest';
import './index';
import { navItems, SECTIONS, userLabel } from './nav';

describe('the shell', () => {
  it('lists every section, in order', () => {
    expect(navItems(false).map((i) => i.label)).toEqual(SECTIONS.map((s) => s.label));
  });

  it('shows initials in compact mode and keeps the paths', () => {
    expect(navItems(true)).toContainEqual({ label: 'O', path: '/orders' });
  });

  it('names the signed-in user from a name or an object with one', () => {
    expect(userLabel('Ana')).toBe('Signed in as Ana');
    expect(userLabel({ name: 'Rui' })).toBe('Signed in as Rui');
    expect(userLabel(undefined)).toBe('Not signed in');
  });
});

describe('the shell, mounted as the host mounts it', () => {
  it('shows the title, the signed-in user and the sections', async () => {
    const view = render('shell', { props: { user: { name: 'Ada' } }, strict: true });
    await view.settled();
    expect(view.root.querySelector('header')!.textContent).toBe(`${String(view.config.title)} · Signed in as Ada`);
    const labels = () => [...view.root.querySelectorAll('nav button')].map((b) => b.textContent);
    expect(labels()).toEqual(['Dashboard', 'Orders', 'Products', 'Customers']);
    view.setConfig({ compact: true });
    await view.settled();
    expect(labels()).toEqual(['D', 'O', 'P', 'C']);
  });

  it('asks the host to navigate', async () => {
    const view = render('shell', { strict: true });
    await view.settled();
    view.root.querySelector<HTMLButtonElement>('nav button:nth-child(2)')!.click();
    await view.settled();
    expect(view.events).toEqual([{ name: 'navigate', detail: { path: '/orders' } }]);
  });
});
