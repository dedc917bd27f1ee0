// Rewriting a template's default publisher, id and name into the new project's,
// everywhere they appear, in one pass per file (so a new value that contains an
// old one is never rewritten twice).

/** The values to rewrite: the template's defaults (`from`) and the project's (`to`). */
export interface Identity {
  publisher: string;
  id: string;
  name: string;
}

/** The kind of text, which decides how the name is escaped. */
export type TextKind = 'json' | 'markdown' | 'code';

const escapeRegExp = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Rewrites `<publisher>.<id>.` prefixes (component and feature ids), the id as a
 * whole kebab-case token, and (outside code) the display name.
 * @example rewriteText('acme.hello-card.card', from, { publisher: 'globex', id: 'promo', name: 'Promo' }, 'code') // 'globex.promo.card'
 */
export function rewriteText(text: string, from: Identity, to: Identity, kind: TextKind): string {
  const prefix = `${from.publisher}.${from.id}.`;
  const parts = [escapeRegExp(prefix), `(?<![A-Za-z0-9-])${escapeRegExp(from.id)}(?![A-Za-z0-9-])`];
  if (kind !== 'code') parts.push(escapeRegExp(from.name));
  const name = kind === 'json' ? JSON.stringify(to.name).slice(1, -1) : to.name;
  return text.replace(new RegExp(parts.join('|'), 'g'), (match) =>
    match === prefix ? `${to.publisher}.${to.id}.` : match === from.id ? to.id : name,
  );
}

/** The manifest's `"$schema"` pointed at the copy of the schema beside it. */
export function pointSchema(manifestText: string, schema: string): string {
  return manifestText.replace(
    /("\$schema"\s*:\s*)"(?:[^"\\]|\\.)*"/,
    (_m, key: string) => `${key}${JSON.stringify(schema)}`,
  );
}

/** package.json of the new project: its name and publisher, and the kit's workspace links as registry ranges. */
export function rewritePackageJson(text: string, to: Identity, kitVersion: string): string {
  const pkg = JSON.parse(text) as {
    name?: string;
    extkit?: Record<string, unknown>;
    dependencies?: Record<string, string>;
    devDependencies?: Record<string, string>;
  };
  pkg.name = to.id;
  pkg.extkit = { ...pkg.extkit, publisher: to.publisher };
  for (const deps of [pkg.dependencies, pkg.devDependencies]) {
    for (const [dep, range] of Object.entries(deps ?? {}))
      if (range.startsWith('workspace:')) deps![dep] = `^${kitVersion}`;
  }
  return `${JSON.stringify(pkg, null, 2)}\n`;
}

/** How a template file is treated: rewritten as text of some kind, or copied as bytes. */
export function textKind(file: string): TextKind | null {
  if (/\.json$/.test(file)) return 'json';
  if (/\.md$/.test(file)) return 'markdown';
  if (/\.(ts|tsx|js|jsx|mjs|cjs|css|html)$/.test(file) || /(^|\/)_gitignore$/.test(file)) return 'code';
  return null;
}

/** The package manager a README's commands are written for. */
export type CommandRunner = 'npm' | 'pnpm' | 'yarn';

/**
 * A README's script commands (`pnpm dev`, `npm run build`, `npm test`, `yarn validate`) written
 * for the package manager that created the project: `npm run dev`, `pnpm dev`, `yarn dev`.
 * @example rewriteCommands('`pnpm dev`', 'npm') // '`npm run dev`'
 */
export function rewriteCommands(text: string, pm: CommandRunner): string {
  return text.replace(
    /(?<![\w/-])(?:pnpm|yarn|npm run|npm)( (?:run )?)(dev|build|validate|typecheck|test)\b/g,
    (_m, _run: string, script: string) =>
      pm === 'npm' ? (script === 'test' ? 'npm test' : `npm run ${script}`) : `${pm} ${script}`,
  );
}
