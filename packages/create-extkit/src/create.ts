import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { packageManager } from './format.js';
import { resolveOptions } from './options.js';
import type { Identity } from './rewrite.js';
import { kitVersion, listTemplates, schemaFile } from './templates.js';
import type { CreateDiagnostic, CreateInput, CreateResult, Prompter } from './types.js';
import { writeProject } from './write.js';

/** The exit code a command line gives a result: 0 created, 2 refused (the input), 1 failed while writing. */
export function exitCodeOf(result: CreateResult): 0 | 1 | 2 {
  if (result.ok) return 0;
  return result.errors.some((e) => e.code === 'create.write_failed') ? 1 : 2;
}

/** Why `dir` cannot receive a project, or null when it does not exist or is an empty folder. */
function checkTarget(dir: string): CreateDiagnostic | null {
  const stat = statSync(dir, { throwIfNoEntry: false });
  if (!stat) return null;
  if (!stat.isDirectory())
    return {
      code: 'create.dir_not_a_folder',
      field: 'dir',
      message: `${dir} exists and is not a folder; choose another name.`,
    };
  const entries = readdirSync(dir);
  if (entries.length === 0) return null;
  return {
    code: 'create.dir_not_empty',
    field: 'dir',
    message: `${dir} is not empty (${entries.length} entr${entries.length === 1 ? 'y' : 'ies'}, e.g. ${entries[0]}); create writes only into a new or empty folder.`,
  };
}

/** The template's own publisher, id and name, which the project's replace. */
function templateIdentity(dir: string): Identity {
  const manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as { id: string; name: string };
  const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { extkit: { publisher: string } };
  return { publisher: pkg.extkit.publisher, id: manifest.id, name: manifest.name };
}

/**
 * Creates an extension project from a template. Refusals (a missing or bad value,
 * a folder that is not empty) come back in `errors` before anything is written;
 * the project appears whole or not at all. Prompts only through `prompter`.
 * @example await create({ dir: 'promo-card', template: 'site-component', publisher: 'acme' })
 */
export async function create(input: CreateInput, options: { prompter?: Prompter } = {}): Promise<CreateResult> {
  const templates = listTemplates();
  const refused = (errors: CreateDiagnostic[]): CreateResult => ({
    ok: false,
    errors,
    dir: null,
    template: null,
    id: null,
    name: null,
    publisher: null,
    files: [],
  });
  // A folder that is not empty is refused before asking anything else.
  const early = input.dir !== undefined ? checkTarget(input.dir) : null;
  if (early) return refused([early]);
  const resolved = await resolveOptions(input, templates, options.prompter);
  if ('errors' in resolved) return refused(resolved.errors);
  const { dir, template, id, name, publisher } = resolved.options;
  const target = checkTarget(dir);
  if (target) return refused([target]);
  const result: CreateResult = { ok: false, errors: [], dir, template: template.name, id, name, publisher, files: [] };
  try {
    result.files = writeProject(
      template.dir,
      dir,
      templateIdentity(template.dir),
      { publisher, id, name },
      kitVersion(),
      schemaFile(),
      input.packageManager ?? packageManager(),
    );
    result.ok = true;
  } catch (err) {
    result.errors.push({
      code: 'create.write_failed',
      message: `Could not write ${dir}: ${(err as Error).message}. Nothing was left behind.`,
    });
  }
  return result;
}
