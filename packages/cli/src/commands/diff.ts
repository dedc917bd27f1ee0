import type { Command } from 'commander';
import type { ReadDiffInputResult } from '@extkit/bundler';

interface DiffFlags {
  json?: boolean;
  failOnWiden?: boolean;
}

const HELP = `
<older> and <newer> are each an artifact folder (<out>/<id>/<version>, as extkit build
writes it; re-hashed first, and refused when tampered with) or a manifest file (validated
first, and refused when invalid). The diff reads from <older> to <newer>, whatever their
versions say: when <newer> is the lower version it says "downgrade", and judges the
rollback by the same rules.

It shows capabilities (network origins, props, events, frame size), contributes
(components, features, function bindings, console slots, routes, organization routes,
the shell), editor lineage, config fields and defaults, entry, hostAbi and the bundle's
size, and marks each change that WIDENS what the extension can reach: a new origin or one
matching more (https://*.example.com matches https://a.example.com; http: also matches
https:), a new prop or event, a new place it loads. docs/diff.md lists every change code.

Exit codes: 0 compared (widening or not), 1 it widens and --fail-on-widen was given,
2 usage error or unusable input (no such path, not an artifact, a tampered artifact,
an invalid manifest).

Examples:
  $ extkit diff artifacts/my-ext/1.0.0 artifacts/my-ext/1.1.0
  $ extkit diff artifacts/my-ext/1.0.0 manifest.json --fail-on-widen
  $ extkit diff artifacts/my-ext/1.0.0 artifacts/my-ext/1.1.0 --json | jq '.changes[] | select(.widens)'`;

export function registerDiff(program: Command): void {
  program
    .command('diff')
    .description('Show what changes between two versions of an extension, and whether the newer one reaches further (docs/diff.md).')
    .argument('<older>', 'the version installed or reviewed before: an artifact folder or a manifest.json')
    .argument('<newer>', 'the version to compare it with: an artifact folder or a manifest.json')
    .option('--json', 'print one JSON document { ok, widens, direction, older, newer, changes }')
    .option('--fail-on-widen', 'exit 1 when the newer version asks for more than the older one (for CI: make a human look)')
    .addHelpText('after', HELP)
    .action(async (older: string, newer: string, flags: DiffFlags) => {
      const { readDiffInput, formatDiagnostics } = await import('@extkit/bundler');
      const [a, b] = await Promise.all([readDiffInput(older), readDiffInput(newer)]);
      if (!a.ok || !b.ok) return refuse([a, b], flags.json, formatDiagnostics);
      const { diffManifests } = await import('@extkit/manifest/diff');
      const diff = diffManifests(a.input.side, b.input.side);
      const failed = Boolean(flags.failOnWiden) && diff.widens;
      process.exitCode = failed ? 1 : 0;
      const side = (input: typeof a.input, s: typeof diff.older) => ({ kind: input.kind, path: input.path, integrity: input.integrity, ...s, warnings: input.warnings });
      if (flags.json) {
        const { changes, direction, widens } = diff;
        process.stdout.write(`${JSON.stringify({ ok: !failed, widens, direction, older: side(a.input, diff.older), newer: side(b.input, diff.newer), changes }, null, 2)}\n`);
        return;
      }
      const [{ renderDiff }, { paint, useColor }] = await Promise.all([import('../format/diff.js'), import('@extkit/manifest/terminal')]);
      process.stdout.write(renderDiff(diff, a.input, b.input, Boolean(flags.failOnWiden), paint(useColor())));
    });
}

/** An input that cannot be compared: every reason, for both sides, and exit 2. */
async function refuse(results: ReadDiffInputResult[], json: boolean | undefined, format: typeof import('@extkit/bundler').formatDiagnostics): Promise<void> {
  process.exitCode = 2;
  const errors = results.flatMap((r) => (r.ok ? [] : r.errors));
  if (json) {
    process.stdout.write(`${JSON.stringify({ ok: false, errors, warnings: [] }, null, 2)}\n`);
    return;
  }
  const { useColor } = await import('@extkit/manifest/terminal');
  process.stderr.write(format({ errors, warnings: [] }, { color: useColor(process.stderr) }));
}
