import { relative } from 'node:path';
import type { CreateResult, Template } from './types.js';

/** The package manager that ran us (npm_config_user_agent, e.g. "pnpm/10.3.0 npm/? node/v20"), else npm. */
export function packageManager(userAgent = process.env['npm_config_user_agent'] ?? ''): 'pnpm' | 'yarn' | 'npm' {
  const name = userAgent.split('/')[0];
  return name === 'pnpm' || name === 'yarn' ? name : 'npm';
}

/** The commands to run next, from `cwd`, with `pm`. */
export function nextSteps(result: CreateResult, pm: 'pnpm' | 'yarn' | 'npm', cwd = process.cwd()): string[] {
  if (!result.ok || result.dir === null) return [];
  const where = relative(cwd, result.dir) || '.';
  const run = (script: string): string => (pm === 'npm' ? `npm run ${script}` : `${pm} ${script}`);
  return [...(where === '.' ? [] : [`cd ${/\s/.test(where) ? JSON.stringify(where) : where}`]), `${pm} install`, run('dev')];
}

/** `extkit create --list`: one line per template. */
export function formatTemplateList(templates: readonly Template[]): string {
  const width = Math.max(...templates.map((t) => t.name.length));
  return templates.map((t) => `${t.name.padEnd(width)}  ${t.description}\n`).join('');
}

/** The human report of a result: what was made and what to run next, or why nothing was. */
export function formatCreateResult(result: CreateResult, steps: readonly string[]): string {
  if (!result.ok) return result.errors.map((e) => `✗ ${e.message} [${e.code}]\n`).join('');
  return `✓ Created ${result.name} (${result.id}, publisher ${result.publisher}) from the ${result.template} template in ${result.dir}\n\nNext:\n${steps.map((s) => `  ${s}\n`).join('')}`;
}
