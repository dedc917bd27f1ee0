// The announcement's logic, kept apart from the DOM so that it is easy to test.

/** Whether the bar shows on the page at `path`: not once dismissed, and not on checkout pages when so configured. */
export function shouldShow(path: unknown, options: { dismissed: boolean; hideOnCheckout: boolean }): boolean {
  if (options.dismissed) return false;
  const onCheckout = typeof path === 'string' && /^\/checkout(\/|$)/.test(path);
  return !(options.hideOnCheckout && onCheckout);
}

/** The bar's colours for a tone the settings offer. */
export function toneColors(tone: 'info' | 'sale'): { background: string; color: string } {
  return tone === 'sale' ? { background: '#b3261e', color: '#fff' } : { background: '#e8f0fe', color: '#1a3a6b' };
}
