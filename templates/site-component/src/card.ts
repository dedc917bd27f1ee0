// The card's logic, kept apart from the DOM so that it is easy to test.

/** The heading: the configured greeting and the page's title, e.g. "Hello, Lisbon!". */
export function greetingText(greeting: string, title: unknown): string {
  const who = typeof title === 'string' && title.trim() !== '' ? title.trim() : 'world';
  return `${greeting.trim() || 'Hello'}, ${who}!`;
}

/** The like button's label for `likes` likes. */
export function likesLabel(likes: number): string {
  if (likes === 0) return 'Like';
  return `${likes} like${likes === 1 ? '' : 's'}`;
}

/** The CSS colour of an accent the settings offer. */
export function accentColor(accent: 'teal' | 'plum'): string {
  return accent === 'plum' ? '#7b3f8c' : '#1a7f7a';
}
