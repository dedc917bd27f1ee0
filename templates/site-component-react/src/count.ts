// The counter's logic, kept apart from React so that it is easy to test.

/** The next count: `step` more, with the step kept to a whole number of at least 1. */
export function nextCount(count: number, step: number): number {
  const by = Number.isFinite(step) ? Math.max(1, Math.round(step)) : 1;
  return count + by;
}

/** The heading: the page's title when the host gives one, else a default. */
export function headingText(title: unknown): string {
  return typeof title === 'string' && title.trim() !== '' ? title.trim() : 'Hello from React';
}
