import { describe, expect, it } from 'vitest';
import { nameFromId, resolveOptions } from './options.js';
import type { Prompter, Template } from './types.js';

const templates: Template[] = [
  { name: 'site-component', description: 'a card', dir: '/t/site-component' },
  { name: 'console-route', description: 'a page', dir: '/t/console-route' },
];

/** A prompter that answers from a script and records what it was asked. */
function scripted(answers: string[]): Prompter & { asked: string[] } {
  const asked: string[] = [];
  const next = (q: string): string => {
    asked.push(q);
    const a = answers.shift();
    if (a === undefined) throw new Error(`unexpected question: ${q}`);
    return a;
  };
  return {
    asked,
    select: async (q, choices) => {
      const a = next(q);
      return choices.find((c) => c.value === a)?.value ?? choices[0]!.value;
    },
    text: async (q, { initial, check }) => {
      for (;;) {
        const a = next(q) || initial || '';
        if (check(a) === null) return a;
      }
    },
    close: () => undefined,
  };
}

describe('resolveOptions', () => {
  it('with --yes, takes the template, id and name from the defaults and the folder', async () => {
    const r = await resolveOptions({ dir: '/x/promo-card', publisher: 'acme', yes: true }, templates);
    expect(r).toEqual({
      options: {
        dir: '/x/promo-card',
        template: templates[0],
        id: 'promo-card',
        name: 'Promo Card',
        publisher: 'acme',
      },
    });
  });

  it('without a terminal, reports every missing value with its flag and asks nothing', async () => {
    const r = await resolveOptions({ dir: '/x/promo-card' }, templates);
    expect(r).toEqual({
      errors: [
        { code: 'create.missing', field: 'template', message: expect.stringContaining('--template <name>') },
        { code: 'create.missing', field: 'publisher', message: expect.stringContaining('--publisher <handle>') },
      ],
    });
  });

  it('says why the id is missing when the folder name is not kebab-case', async () => {
    const r = await resolveOptions({ dir: '/x/Promo Card', template: 'console-route', publisher: 'acme' }, templates);
    expect(r).toEqual({
      errors: [
        { code: 'create.missing', field: 'id', message: expect.stringContaining('"Promo Card" is not kebab-case') },
      ],
    });
  });

  it('refuses a bad id, publisher, template or name, all at once', async () => {
    const r = await resolveOptions(
      { dir: '/x/a', template: 'nope', id: 'Promo', name: '', publisher: 'ACME' },
      templates,
    );
    expect('errors' in r && r.errors.map((e) => e.code)).toEqual([
      'create.template_unknown',
      'create.id_not_kebab_case',
      'create.name_invalid',
      'create.publisher_not_kebab_case',
    ]);
  });

  it('on a terminal, asks only for what is missing, offering the defaults, and asks again after a bad answer', async () => {
    const prompter = scripted(['console-route', 'Bad Id', '', '', 'ACME', 'acme']);
    const r = await resolveOptions({ dir: '/x/my-page' }, templates, prompter);
    expect(prompter.asked).toEqual([
      'Template',
      'Extension id (kebab-case)',
      'Extension id (kebab-case)',
      'Display name',
      'Publisher handle (kebab-case)',
      'Publisher handle (kebab-case)',
    ]);
    expect(r).toEqual({
      options: { dir: '/x/my-page', template: templates[1], id: 'my-page', name: 'My Page', publisher: 'acme' },
    });
  });

  it('makes a display name from an id', () => {
    expect(nameFromId('weather-card-2')).toBe('Weather Card 2');
  });
});
