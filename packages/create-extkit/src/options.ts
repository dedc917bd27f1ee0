// From what the person gave (flags, answers) to complete, checked options, or
// the reasons there are none. Nothing here touches the disk.
import { isKebabCase } from '@extkit/manifest';
import { basename, resolve } from 'node:path';
import { DEFAULT_TEMPLATE } from './templates.js';
import type { CreateDiagnostic, CreateInput, Field, Prompter, Template } from './types.js';

export interface ResolvedOptions {
  dir: string;
  template: Template;
  id: string;
  name: string;
  publisher: string;
}

const FLAG: Record<Field, string> = {
  dir: '<dir>',
  template: '--template <name>',
  id: '--id <id>',
  name: '--name <name>',
  publisher: '--publisher <handle>',
};

/** "my-card" → "My Card". */
export const nameFromId = (id: string): string =>
  id
    .split('-')
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(' ');

/** The id a folder's name suggests, when it is kebab-case. */
const idFromDir = (dir: string | undefined): string | undefined =>
  dir !== undefined && isKebabCase(basename(resolve(dir))) ? basename(resolve(dir)) : undefined;

/** An error message for a bad value of `field`, or null when it is fine. */
export function checkField(field: Field, value: string, templates: readonly Template[]): CreateDiagnostic | null {
  switch (field) {
    case 'dir':
      return value.trim() === ''
        ? {
            code: 'create.missing',
            field,
            message: 'The project folder is empty text; give a folder name, e.g. my-extension.',
          }
        : null;
    case 'template':
      return templates.some((t) => t.name === value)
        ? null
        : {
            code: 'create.template_unknown',
            field,
            message: `There is no template ${JSON.stringify(value)}; the templates are ${templates.map((t) => t.name).join(', ')} (extkit create --list).`,
          };
    case 'id':
    case 'publisher':
      return isKebabCase(value)
        ? null
        : {
            code: field === 'id' ? 'create.id_not_kebab_case' : 'create.publisher_not_kebab_case',
            field,
            message: `The ${field === 'id' ? 'id' : 'publisher handle'} must be kebab-case (lower-case letters and digits, words joined by single hyphens, e.g. "${field === 'id' ? 'weather-card' : 'acme'}"), got ${JSON.stringify(value)}.`,
          };
    case 'name':
      return value.trim() === '' || value.length > 80
        ? { code: 'create.name_invalid', field, message: `The name must be 1 to 80 characters, got ${value.length}.` }
        : null;
  }
}

/**
 * Completes `input`: defaults first (with `yes`), then the prompter for what is
 * still missing (and, without `yes`, to confirm defaults), then checks every value.
 */
export async function resolveOptions(
  input: CreateInput,
  templates: readonly Template[],
  prompter?: Prompter,
): Promise<{ options: ResolvedOptions } | { errors: CreateDiagnostic[] }> {
  const values: Partial<Record<Field, string>> = {
    dir: input.dir,
    template: input.template,
    id: input.id,
    name: input.name,
    publisher: input.publisher,
  };
  const defaults = (): Partial<Record<Field, string>> => {
    const id = values.id ?? idFromDir(values.dir);
    return { template: DEFAULT_TEMPLATE, id, name: id === undefined ? undefined : nameFromId(id) };
  };
  const errors: CreateDiagnostic[] = [];
  for (const field of ['dir', 'template', 'id', 'name', 'publisher'] as const) {
    const given = values[field];
    if (given !== undefined) {
      const bad = checkField(field, given, templates);
      if (bad) errors.push(bad);
      continue;
    }
    const initial = defaults()[field];
    if (input.yes && initial !== undefined) values[field] = initial;
    else if (prompter) values[field] = await ask(prompter, field, initial, templates);
    else if (initial !== undefined && field !== 'template') values[field] = initial;
    else if (field !== 'name' || values.id !== undefined)
      errors.push({ code: 'create.missing', field, message: missing(field, values.dir) });
  }
  if (errors.length) return { errors };
  const template = templates.find((t) => t.name === values.template)!;
  return {
    options: { dir: resolve(values.dir!), template, id: values.id!, name: values.name!, publisher: values.publisher! },
  };
}

function missing(field: Field, dir: string | undefined): string {
  const why =
    field === 'template'
      ? ' (or --yes for site-component)'
      : field === 'id' && dir !== undefined
        ? ` (the folder name ${JSON.stringify(basename(resolve(dir)))} is not kebab-case, so it cannot be the id)`
        : '';
  return `Missing ${FLAG[field]}${why}: there is no terminal to ask on.`;
}

function ask(
  prompter: Prompter,
  field: Field,
  initial: string | undefined,
  templates: readonly Template[],
): Promise<string> {
  const check = (v: string): string | null => checkField(field, v, templates)?.message ?? null;
  switch (field) {
    case 'template':
      return prompter.select(
        'Template',
        templates.map((t) => ({ value: t.name, label: `${t.name}: ${t.description}` })),
        initial,
      );
    case 'dir':
      return prompter.text('Project folder', { initial: 'my-extension', check });
    case 'id':
      return prompter.text('Extension id (kebab-case)', { ...(initial !== undefined ? { initial } : {}), check });
    case 'name':
      return prompter.text('Display name', { ...(initial !== undefined ? { initial } : {}), check });
    case 'publisher':
      return prompter.text('Publisher handle (kebab-case)', { check });
  }
}
