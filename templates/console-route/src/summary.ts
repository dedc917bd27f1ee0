// The page's logic, kept apart from the DOM so that it is easy to test.

/** An amount in cents as money, e.g. formatMoney(123456, 'usd') → "$1,234.56" (the API's orders are in usd, 002). */
export function formatMoney(cents: number, currency: 'usd' | 'eur'): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(cents / 100);
}

/** How far `cents` of sales go toward a monthly target in whole units, as a whole percentage (0 to 100). */
export function progress(cents: number, target: number): number {
  if (target <= 0) return 100;
  return Math.min(100, Math.max(0, Math.floor(cents / target)));
}
