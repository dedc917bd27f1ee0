import { describe, expect, it } from 'vitest';
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
