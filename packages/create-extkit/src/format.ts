import { relative } from 'node:path';
import type { CreateResult, Template } from './types.js';

export type PackageManager = 'pnpm' | 'yarn' | 'npm';

/** The package manager that ran us (npm_config_user_agent, e.g. "pnpm/10.3.0 npm/? node/v20"), else npm. */
export function packageManager(userAgent = process.env['npm_config_user_agent'] ?? ''): PackageManager {
  const name = userAgent.split('/')[0];
  return name === 'pnpm' || name === 'yarn' ? name : 'npm';
}

/** The commands to run next, from `cwd`, with `pm`; the install is left out once it has run. */
export function nextSteps(
  result: CreateResult,
  pm: PackageManager,
  cwd = process.cwd(),
  options: { installed?: boolean } = {},
): string[] {
  if (!result.ok || result.dir === null) return [];
  const where = relative(cwd, result.dir) || '.';
  const run = (script: string): string => (pm === 'npm' ? `npm run ${script}` : `${pm} ${script}`);
  return [
    ...(where === '.' ? [] : [`cd ${/\s/.test(where) ? JSON.stringify(where) : where}`]),
    ...(options.installed ? [] : [`${pm} install`]),
    run('dev'),
  ];
}

/** `extkit create --list`: one line per template. */
export function formatTemplateList(templates: readonly Template[]): string {
  const width = Math.max(...templates.map((t) => t.name.length));
  return templates.map((t) => `${t.name.padEnd(width)}  ${t.description}\n`).join('');
}

/** The first line of the human report: what was made, or why nothing was. */
export function formatCreated(result: CreateResult): string {
  if (!result.ok) return result.errors.map((e) => `✗ ${e.message} [${e.code}]\n`).join('');
  return `✓ Created ${result.name} (${result.id}, publisher ${result.publisher}) from the ${result.template} template in ${result.dir}\n`;
}

/**
 * What to run next. `registryImports` are the packages the project's code imports from the
 * registry (react, react-dom): until they are installed it does not build, so the report says so.
 */
export function formatNextSteps(
  steps: readonly string[],
  options: { installed?: boolean; registryImports?: readonly string[] } = {},
): string {
  if (steps.length === 0) return '';
  const imports = options.registryImports ?? [];
  const why =
    !options.installed && imports.length > 0
      ? `Its code imports ${joinWords(imports)} from the registry: it builds once they are installed.\n`
      : '';
  return `\n${why}Next:\n${steps.map((s) => `  ${s}\n`).join('')}`;
}

/** The whole human report of a result without an install: what was made and what to run next. */
export function formatCreateResult(
  result: CreateResult,
  steps: readonly string[],
  registryImports: readonly string[] = [],
): string {
  return formatCreated(result) + (result.ok ? formatNextSteps(steps, { registryImports }) : '');
}

const joinWords = (words: readonly string[]): string =>
  words.length < 2 ? words.join('') : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
