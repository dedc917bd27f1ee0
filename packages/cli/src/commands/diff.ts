import type { Command } from 'commander';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ReadDiffInputResult } from '@extkit/bundler';
import { marketplaceFlag } from './publish.js';

interface DiffFlags {
  json?: boolean;
  failOnWiden?: boolean;
  marketplace?: string;
  key?: string;
}

const HELP = `
<older> and <newer> are each an artifact folder (<out>/<id>/<version>, as extkit build
writes it; re-hashed first, and refused when tampered with), a manifest file (validated
first, and refused when invalid), or a published version, <listing>@<version> (e.g.
acme.hello-card@0.2.0), downloaded from --marketplace, re-hashed, and held to the
integrity the marketplace records for it. The diff reads from <older> to <newer>, whatever their
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
  $ extkit diff acme.my-ext@1.0.0 acme.my-ext@1.1.0 --marketplace http://127.0.0.1:8787
  $ extkit diff artifacts/my-ext/1.0.0 artifacts/my-ext/1.1.0 --json | jq '.changes[] | select(.widens)'`;

export function registerDiff(program: Command): void {
  program
    .command('diff')
    .description(
      'Show what changes between two versions of an extension, and whether the newer one reaches further (docs/diff.md).',
    )
    .argument(
      '<older>',
      'the version installed or reviewed before: an artifact folder, a manifest.json, or <listing>@<version>',
    )
    .argument('<newer>', 'the version to compare it with: an artifact folder, a manifest.json, or <listing>@<version>')
    .option(
      '--marketplace <url>',
      'for <listing>@<version>: the marketplace (default: EXTKIT_MARKETPLACE, else http://127.0.0.1:8787)',
    )
    .option(
      '--key <key>',
      'for <listing>@<version>: an API key that may see the listing (default: EXTKIT_API_KEY; listed and verified listings need none)',
    )
    .option('--json', 'print one JSON document { ok, widens, direction, older, newer, changes }')
    .option(
      '--fail-on-widen',
      'exit 1 when the newer version asks for more than the older one (for CI: make a human look)',
    )
    .addHelpText('after', HELP)
    .action(async (older: string, newer: string, flags: DiffFlags) => {
      const { formatDiagnostics } = await import('@extkit/bundler');
      const marketplace = marketplaceFlag(flags.marketplace);
      const tmp = await mkdtemp(join(tmpdir(), 'extkit-diff-'));
      const [a, b] = await Promise.all([
        readSide(older, join(tmp, 'a'), marketplace, flags),
        readSide(newer, join(tmp, 'b'), marketplace, flags),
      ]).finally(() => rm(tmp, { recursive: true, force: true }));
      if (!a.ok || !b.ok) return refuse([a, b], flags.json, formatDiagnostics);
      const { diffManifests } = await import('@extkit/manifest/diff');
      const diff = diffManifests(a.input.side, b.input.side);
      const failed = Boolean(flags.failOnWiden) && diff.widens;
      process.exitCode = failed ? 1 : 0;
      const side = (input: typeof a.input, s: typeof diff.older) => ({
        kind: input.kind,
        path: input.path,
        integrity: input.integrity,
        ...s,
        warnings: input.warnings,
      });
      if (flags.json) {
        const { changes, direction, widens } = diff;
        process.stdout.write(
          `${JSON.stringify({ ok: !failed, widens, direction, older: side(a.input, diff.older), newer: side(b.input, diff.newer), changes }, null, 2)}\n`,
        );
        return;
      }
      const [{ renderDiff }, { paint, useColor }] = await Promise.all([
        import('../format/diff.js'),
        import('@extkit/manifest/terminal'),
      ]);
      process.stdout.write(renderDiff(diff, a.input, b.input, Boolean(flags.failOnWiden), paint(useColor())));
    });
}

/** An input that cannot be compared: every reason, for both sides, and exit 2. */
async function refuse(
  results: ReadDiffInputResult[],
  json: boolean | undefined,
  format: typeof import('@extkit/bundler').formatDiagnostics,
): Promise<void> {
  process.exitCode = 2;
  const errors = results.flatMap((r) => (r.ok ? [] : r.errors));
  if (json) {
    process.stdout.write(`${JSON.stringify({ ok: false, errors, warnings: [] }, null, 2)}\n`);
    return;
  }
  const { useColor } = await import('@extkit/manifest/terminal');
  process.stderr.write(format({ errors, warnings: [] }, { color: useColor(process.stderr) }));
}

/**
 * One side: a path as it is, or `<listing>@<version>` (when no such path exists) downloaded from
 * the marketplace, re-hashed as an artifact folder and held to the integrity the marketplace records.
 */
async function readSide(
  arg: string,
  dir: string,
  marketplace: string | undefined,
  flags: DiffFlags,
): Promise<ReadDiffInputResult> {
  const { readDiffInput } = await import('@extkit/bundler');
  const named = /^([a-z0-9-]+\.[a-z0-9-]+)@(\d[^/\\]*)$/.exec(arg);
  if (!named || existsSync(arg)) return readDiffInput(arg);
  const { downloadVersion } = await import('@extkit/emulator/marketplace');
  const key = flags.key ?? process.env.EXTKIT_API_KEY;
  const got = await downloadVersion(named[1]!, named[2]!, {
    dir,
    ...(marketplace !== undefined ? { marketplace } : {}),
    ...(key ? { key } : {}),
  });
  if (!got.ok) {
    const unsafe = got.errors.some((e) => e.code === 'install.artifact_unsafe');
    const why = unsafe
      ? {
          code: 'diff.published_tampered',
          message: `${arg}: the marketplace sent a file outside the artifact, so nothing was compared`,
        }
      : { code: 'diff.published_unavailable', message: `${arg}: the marketplace gave no such version to compare` };
    return { ok: false, errors: [why, ...got.errors] };
  }
  const read = await readDiffInput(dir);
  if (!read.ok)
    return {
      ok: false,
      errors: [
        {
          code: 'diff.published_tampered',
          message: `${arg}: the files the marketplace sent are not a whole artifact, so nothing was compared`,
        },
        ...read.errors,
      ],
    };
  if (read.input.integrity !== got.integrity) {
    return {
      ok: false,
      errors: [
        {
          code: 'diff.published_tampered',
          message: `${arg}: the files the marketplace sent hash to ${read.input.integrity}, but it records ${got.integrity} for that version`,
        },
      ],
    };
  }
  return { ok: true, input: { ...read.input, kind: 'published', path: arg } };
}
