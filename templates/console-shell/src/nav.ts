// The shell's logic, kept apart from the DOM so that it is easy to test.

export interface NavItem {
  label: string;
  path: string;
}

/** The console's sections, in the order the shell shows them. */
export const SECTIONS: readonly NavItem[] = [
  { label: 'Dashboard', path: '/' },
  { label: 'Orders', path: '/orders' },
  { label: 'Products', path: '/products' },
  { label: 'Customers', path: '/customers' },
];

/** The navigation: compact shows initials only. */
export function navItems(compact: boolean): NavItem[] {
  return SECTIONS.map((s) => ({ path: s.path, label: compact ? s.label.slice(0, 1) : s.label }));
}

/** The greeting in the header for the signed-in user the host passes (a name, or an object with one). */
export function userLabel(user: unknown): string {
  const name =
    typeof user === 'string'
      ? user
      : typeof user === 'object' && user !== null && 'name' in user
        ? String(user.name)
        : '';
  return name.trim() ? `Signed in as ${name.trim()}` : 'Not signed in';
}
