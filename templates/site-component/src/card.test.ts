import { describe, expect, it } from 'vitest';
import { accentColor, greetingText, likesLabel } from './card';

describe('the card', () => {
  it('greets the page title with the configured greeting', () => {
    expect(greetingText('Hello', 'Lisbon')).toBe('Hello, Lisbon!');
    expect(greetingText('  Olá ', ' Porto ')).toBe('Olá, Porto!');
  });

  it('greets the world when the title is missing or not text', () => {
    expect(greetingText('Hi', undefined)).toBe('Hi, world!');
    expect(greetingText('Hi', 42)).toBe('Hi, world!');
    expect(greetingText('', '')).toBe('Hello, world!');
  });

  it('counts likes', () => {
    expect(likesLabel(0)).toBe('Like');
    expect(likesLabel(1)).toBe('1 like');
    expect(likesLabel(3)).toBe('3 likes');
  });

  it('maps each accent to a colour', () => {
    expect(accentColor('teal')).not.toBe(accentColor('plum'));
  });
});
