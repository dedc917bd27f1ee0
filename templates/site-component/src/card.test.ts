// @vitest-environment jsdom
import { render } from '@extkit/testing';
import { describe, expect, it } from 'vitest';
import './index';
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

describe('the card, mounted as the host mounts it', () => {
  it('greets the title it is given with the configured greeting', async () => {
    const view = render('acme.hello-card.card', {
      props: { title: 'Lisbon' },
      config: { greeting: 'Hi' },
      strict: true,
    });
    await view.settled();
    expect(view.root.querySelector('h2')!.textContent).toBe('Hi, Lisbon!');
    view.setProps({ title: 'Porto' });
    view.setConfig({ accent: 'plum' });
    await view.settled();
    expect(view.root.querySelector('h2')!.textContent).toBe('Hello, Porto!');
  });

  it('counts likes and tells the host', async () => {
    const view = render('acme.hello-card.card', { strict: true });
    await view.settled();
    const button = view.root.querySelector('button')!;
    button.click();
    button.click();
    await view.settled();
    expect(button.textContent).toBe('2 likes');
    expect(view.events).toEqual([
      { name: 'liked', detail: { likes: 1 } },
      { name: 'liked', detail: { likes: 2 } },
    ]);
    expect(view).toHaveEmitted('liked', { likes: 2 });
    expect(view.dropped).toEqual([]);
  });
});
