import type { Command } from 'commander';
import { UsageError } from '../errors.js';
import { requireDir, requirePublisher } from '../flags.js';
import { settle } from '../output.js';

interface PublishFlags {
  marketplace?: string;
  key?: string;
  publisher?: string;
  changelog?: string;
  json?: boolean;
  dryRun?: boolean;
}

/** --marketplace, or EXTKIT_MARKETPLACE, or (undefined) the local emulator's address; a usage error unless it is an http(s) URL. */
export function marketplaceFlag(value: string | undefined): string | undefined {
  const given = value ?? process.env.EXTKIT_MARKETPLACE;
  if (given === undefined) return undefined;
  let ok: boolean;
  try {
    ok = ['http:', 'https:'].includes(new URL(given).protocol);
  } catch {
    ok = false;
  }
  if (!ok)
    throw new UsageError(
      'flag.invalid',
      `--marketplace must be an http(s) URL, e.g. http://127.0.0.1:8787, got ${JSON.stringify(given)}`,
    );
  return given;
}

export function registerPublish(program: Command): void {
  program
    .command('publish')
    .description('Build the extension if needed and publish its artifact to a marketplace (docs/marketplace.md).')
    .argument('[dir]', 'the extension folder (holds manifest.json)', '.')
    .option(
      '--marketplace <url>',
      'the marketplace (default: EXTKIT_MARKETPLACE, else the local emulator, http://127.0.0.1:8787)',
    )
    .option(
      '--key <key>',
      "your publisher key (default: EXTKIT_PUBLISH_KEY; a local emulator gives the publisher's own)",
    )
    .option('--publisher <handle>', 'publisher handle (default: "extkit.publisher" in package.json)')
    .option('--changelog <text>', 'what changed in this version, shown to buyers')
    .option(
      '--dry-run',
      'run every check the marketplace runs and show what publishing would do (the diff since the last approved version, whether review holds it); store nothing on the marketplace',
    )
    .option('--json', 'print one JSON document { ok, errors, warnings, listing, version, integrity, state, next, ... }')
    .addHelpText(
      'after',
      '\nThe marketplace re-validates the manifest, re-hashes every file, scans the bundle, refuses an origin\non loopback or a private network, and holds the version to the listing (a greater version, the same\nid); a refusal comes back as diagnostics with codes (docs/marketplace.md). A version that widens what\nthe extension reaches since the last approved version is held for review while buyers keep that one;\none that widens nothing goes live. --dry-run runs the very same checks on the marketplace and stores\nnothing there (the build writes the local artifact, as publish does).\n\nExit codes: 0 published (or already published with the same bytes; with --dry-run: the marketplace\nwould take it), 1 refused or the build failed, 2 usage error.\n\nExamples:\n  $ extkit emulate &\n  $ extkit publish --dry-run\n  $ extkit publish\n  $ extkit publish path/to/extension --marketplace http://127.0.0.1:8787 --key pk_... --json',
    )
    .action(async (dir: string, flags: PublishFlags) => {
      requireDir(dir, 'extension folder');
      await requirePublisher(flags.publisher);
      const { publishExtension } = await import('@extkit/emulator/marketplace');
      const key = flags.key ?? process.env.EXTKIT_PUBLISH_KEY;
      const marketplace = marketplaceFlag(flags.marketplace);
      const result = await publishExtension(dir, {
        ...(marketplace !== undefined ? { marketplace } : {}),
        ...(key ? { key } : {}),
        ...(flags.publisher !== undefined ? { publisher: flags.publisher } : {}),
        ...(flags.changelog !== undefined ? { changelog: flags.changelog } : {}),
        ...(flags.dryRun ? { dryRun: true } : {}),
      });
      const out = await settle(result, flags.json);
      if (!out) return;
      const { p, color } = out;
      const { formatDiagnostics } = await import('@extkit/bundler');
      process.stdout.write(formatDiagnostics({ errors: result.errors, warnings: result.warnings }, { color }));
      if (!result.ok) {
        process.stdout.write(
          `${p.red('✗')} ${flags.dryRun ? 'the marketplace would refuse it: nothing was published' : 'not published'}${result.artifact ? ` (${result.artifact.dir})` : ''}\n`,
        );
        return;
      }
      const what = `${result.listing}@${result.version}`;
      const verb = result.dryRun
        ? result.created
          ? 'dry run: the marketplace would take'
          : 'dry run: already published, identical:'
        : result.created
          ? 'published'
          : 'already published, identical:';
      let text =
        `${p.green('✓')} ${verb} ${p.bold(what)} ${result.dryRun ? 'at' : 'to'} ${result.marketplace}${result.dryRun ? ' (nothing was stored)' : ''}\n` +
        `  integrity ${result.integrity}${result.artifact?.built ? ' (built now)' : ''}\n` +
        (result.artifact?.replaced
          ? `  ${p.yellow('notice')} replaced the unpublished draft of ${result.version} in the local store (integrity ${result.artifact.replaced})\n`
          : '') +
        `  listing ${p.bold(result.state ?? '')}${result.versionState && result.versionState !== result.state ? `, version ${p.bold(result.versionState)}` : ''}: ${result.dryRun ? 'would be ' : ''}${result.next}\n` +
        (result.reason ? `  reviewer's reason: ${result.reason}\n` : '');
      if (result.review && result.created) {
        const { renderChanges } = await import('../format/diff.js');
        const since = result.review.since
          ? `since ${result.review.since}, the last approved version`
          : 'nothing approved yet: everything it asks for';
        text += `\n  What changes ${since}:${result.review.changes.length === 0 ? ' nothing a reviewer or an installer would see\n' : '\n'}`;
        text += renderChanges(result.review.changes, p, '  ');
      }
      process.stdout.write(text);
    });
}
