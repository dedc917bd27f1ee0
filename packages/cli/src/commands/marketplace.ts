import { readFileSync } from 'node:fs';
import type { Command } from 'commander';
import { UsageError } from '../errors.js';
import { settle } from '../output.js';
import type { ManifestChange } from '@extkit/manifest/diff';
import type { Paint } from '@extkit/manifest/terminal';
import { marketplaceFlag } from './publish.js';

interface Common {
  marketplace?: string;
  json?: boolean;
}

type Result = { ok: boolean; errors: Array<{ code: string; message: string }> };
type Listing = {
  id: string;
  state: string;
  reason: string | null;
  next: string;
  revoked: { reason: string | null } | null;
  versions: Array<{
    version: string;
    integrity: string;
    state?: string;
    trust: { realm: string | null; signedBy: string | null };
  }>;
};

const where = (flags: Common): { marketplace?: string } => {
  const m = marketplaceFlag(flags.marketplace);
  return m !== undefined ? { marketplace: m } : {};
};

/** Prints a result: JSON, or its errors, or `render`'s lines. */
async function finish<T extends Result>(
  result: T,
  flags: Common,
  render: (r: T, p: Awaited<ReturnType<typeof settle>> & object) => string | Promise<string>,
): Promise<void> {
  const out = await settle(result, flags.json);
  if (!out) return;
  const { formatDiagnostics } = await import('@extkit/bundler');
  if (!result.ok)
    process.stdout.write(formatDiagnostics({ errors: result.errors, warnings: [] }, { color: out.color }));
  else process.stdout.write(await render(result, out));
}

const describeListing = (l: Listing, p: { bold(s: string): string; red(s: string): string }): string =>
  `${p.bold(l.id)} ${l.state}${l.revoked ? ` · ${p.red(`revoked: ${l.revoked.reason ?? ''}`)}` : ''}${l.reason ? ` · reason: ${l.reason}` : ''}\n` +
  l.versions
    .map(
      (v) =>
        `  ${v.version}  ${v.integrity}  realm ${v.trust.realm ?? 'none (never loads)'}${v.trust.signedBy ? ` (signed by ${v.trust.signedBy})` : ''}${v.state && v.state !== 'listed' ? `  ${p.bold(`version ${v.state}`)}` : ''}\n`,
    )
    .join('');

type Moved = { moved?: { version: string | null; review: { since: string | null; changes: ManifestChange[] } | null } };

/** A staff move's answer: the listing, and for review the changes since the last approved version, in `extkit diff`'s words. */
async function movedText(l: Listing & Moved, action: string, p: Paint): Promise<string> {
  let out = `${p.green('✓')} ${describeListing(l, p)}  ${l.next}\n`;
  const review = l.moved?.review;
  if (action !== 'review' || !review) return out;
  const { renderChanges } = await import('../format/diff.js');
  out += `\n${p.bold(`${l.id}@${l.moved!.version}`)}: what changes since ${review.since ?? 'nothing approved yet (everything it asks for)'}${review.since ? ', the last approved version' : ''}`;
  out += review.changes.length === 0 ? ': nothing a reviewer or an installer would see\n' : '\n';
  return out + renderChanges(review.changes, p);
}

export function registerMarketplace(program: Command): void {
  const market = program
    .command('marketplace')
    .description(
      "Staff tooling for a marketplace (the local emulator's): review, approve, verify, reject, sign, revoke; installs (docs/marketplace.md).",
    )
    .addHelpText(
      'after',
      '\nStaff commands use the marketplace\'s admin surface, which answers this machine only.\n\nExamples:\n  $ extkit marketplace listings\n  $ extkit marketplace review acme.hello-card && extkit marketplace approve acme.hello-card\n  $ extkit marketplace keygen --out staff.key.pem\n  $ extkit marketplace sign acme.hello-card 0.2.0 --key staff.key.pem\n  $ extkit marketplace revoke acme.hello-card --reason "exfiltrates data"',
    );
  const common = (c: Command): Command =>
    c
      .option('--marketplace <url>', 'the marketplace (default: EXTKIT_MARKETPLACE, else http://127.0.0.1:8787)')
      .option('--json', 'print one JSON document');

  common(
    market.command('listings').description('Every listing, whatever its state, with its versions and their realm.'),
  ).action(async (flags: Common) => {
    const { staffListings } = await import('@extkit/emulator/marketplace');
    const r = await staffListings(where(flags).marketplace);
    await finish({ ...r, listings: r.value }, flags, (x, { p }) =>
      x.listings?.length ? x.listings.map((l) => describeListing(l as Listing, p)).join('') : 'No listings.\n',
    );
  });

  const moves: Array<[string, string, string[], boolean]> = [
    [
      'review',
      'Start reviewing a submitted listing (submitted -> in_review), or a version held for review, and show what it changes since the last approved version.',
      [],
      true,
    ],
    [
      'approve',
      'List a listing in review (in_review -> listed), or put a reviewed version live: buyers see it and can install it.',
      ['list'],
      true,
    ],
    ['verify', 'Give a listed listing the verified badge (listed -> verified).', [], false],
  ];
  for (const [action, description, aliases, versioned] of moves) {
    const c = common(market.command(action).description(description).argument('<listing>', '<publisher>.<id>'));
    if (versioned)
      c.argument(
        '[version]',
        "a version held for review (default: the listing's move, or on a listed listing its newest held version)",
      );
    for (const a of aliases) c.alias(a);
    c.action(async (listing: string, ...rest: unknown[]) => {
      const version = versioned ? (rest[0] as string | undefined) : undefined;
      const flags = (versioned ? rest[1] : rest[0]) as Common;
      const { staffAction } = await import('@extkit/emulator/marketplace');
      const r = await staffAction(action as 'review', listing, {
        ...where(flags),
        ...(version !== undefined ? { version } : {}),
      });
      await finish({ ...r, listing: r.value }, flags, (x, { p }) => movedText(x.listing as Listing & Moved, action, p));
    });
  }
  for (const [action, description] of [
    [
      'reject',
      'Reject a listing, or with <version> one version held for review, with a reason, which is sent to the publisher.',
    ],
    ['revoke', 'Revoke a listing: none of its versions loads anywhere again, whatever its signature or pin.'],
  ] as const) {
    const c = market.command(action).description(description).argument('<listing>', '<publisher>.<id>');
    if (action === 'reject') c.argument('[version]', 'a version held for review (default: the whole listing)');
    common(
      c.requiredOption('--reason <text>', action === 'reject' ? 'why, for the publisher' : 'why, for installers'),
    ).action(async (listing: string, ...rest: unknown[]) => {
      const version = action === 'reject' ? (rest[0] as string | undefined) : undefined;
      const flags = (action === 'reject' ? rest[1] : rest[0]) as Common & { reason: string };
      if (!flags.reason.trim()) throw new UsageError('flag.invalid', '--reason must say why');
      const { staffAction } = await import('@extkit/emulator/marketplace');
      const r = await staffAction(action, listing, {
        ...where(flags),
        reason: flags.reason,
        ...(version !== undefined ? { version } : {}),
      });
      await finish(
        { ...r, listing: r.value },
        flags,
        (x, { p }) => `${p.green('✓')} ${describeListing(x.listing as Listing, p)}`,
      );
    });
  }

  common(
    market
      .command('keygen')
      .description('Make an ed25519 staff key pair and register its public key with the marketplace.'),
  )
    .option('--out <file>', 'where to write the private key (the public key goes beside it, .pub.pem)', 'staff.key.pem')
    .option('--no-register', 'only write the files')
    .action(async (flags: Common & { out: string; register: boolean }) => {
      const { generateStaffKey } = await import('@extkit/emulator/marketplace');
      const r = await generateStaffKey(flags.out, { ...where(flags), register: flags.register });
      await finish(
        { ...r, key: r.value },
        flags,
        (x, { p }) =>
          `${p.green('✓')} staff key ${x.key!.keyId}: private ${x.key!.privateKey}, public ${x.key!.publicKey}${x.key!.registered ? ', registered' : ''}\n`,
      );
    });

  common(
    market
      .command('sign')
      .description("Sign a version's hash with a staff key: that version loads into the app realm.")
      .argument('<listing>', '<publisher>.<id>')
      .argument('<version>', 'the version'),
  )
    .requiredOption('--key <file>', 'the staff private key (PEM, ed25519), from extkit marketplace keygen')
    .action(async (listing: string, version: string, flags: Common & { key: string }) => {
      const { signVersion } = await import('@extkit/emulator/marketplace');
      const r = await signVersion(listing, version, flags.key, where(flags));
      await finish(
        { ...r, listing: r.value },
        flags,
        (x, { p }) => `${p.green('✓')} signed ${listing}@${version}\n${describeListing(x.listing as Listing, p)}`,
      );
    });

  common(
    market
      .command('install')
      .description(
        'Pin a version of a listed listing for an organization (or one of its sites); again with another --pin to upgrade.',
      )
      .argument('<listing>', '<publisher>.<id>'),
  )
    .option('--pin <version>', 'the version to pin (default: the newest)')
    .option('--site <id>', 'pin for one site rather than the whole organization')
    .option(
      '--key <key>',
      "the organization's API key (default: EXTKIT_API_KEY; a local emulator gives one of its default organization)",
    )
    .option(
      '--config <key=value>',
      "an installation setting, one of the version's config fields (repeat for more); values are coerced as defaults are",
      (value: string, all: string[]) => [...all, value],
      [] as string[],
    )
    .option('--config-file <file>', 'the installation settings as a JSON object of field key to value')
    .action(
      async (
        listing: string,
        flags: Common & { pin?: string; site?: string; key?: string; config: string[]; configFile?: string },
      ) => {
        const config = installSettings(flags.config, flags.configFile);
        const lib = await import('@extkit/emulator/marketplace');
        const key = await orgKey(flags.key, where(flags).marketplace);
        if (!key.ok) return void (await finish({ ...key, install: null }, flags, () => ''));
        const r = await lib.installListing(listing, {
          ...where(flags),
          key: key.key,
          ...(flags.pin ? { version: flags.pin } : {}),
          ...(flags.site ? { site: flags.site } : {}),
          ...(config ? { config } : {}),
        });
        await finish(r, flags, (x, { p }) => {
          const i = x.install!;
          const settings = Object.keys(i.config ?? {});
          return `${p.green('✓')} installed ${p.bold(`${i.listing}@${i.version}`)}${i.site ? ` on site ${i.site}` : ''}, pinned ${i.integrity}\n  ${i.load.loads ? `loads into the ${i.load.realm} realm` : p.red('never loads')}: ${i.load.reasons.map((r) => r.message).join(' ')}\n${settings.length > 0 ? `  settings: ${settings.join(', ')}\n` : ''}`;
        });
      },
    );
}

/** The settings of --config key=value (repeated) over those of --config-file; undefined when neither is given. */
function installSettings(pairs: string[], file: string | undefined): Record<string, unknown> | undefined {
  if (pairs.length === 0 && file === undefined) return undefined;
  const out: Record<string, unknown> = {};
  if (file !== undefined) {
    let data: unknown;
    try {
      data = JSON.parse(readFileSync(file, 'utf8'));
    } catch (err) {
      throw new UsageError('flag.invalid', `--config-file ${file}: ${(err as Error).message}`);
    }
    if (typeof data !== 'object' || data === null || Array.isArray(data))
      throw new UsageError('flag.invalid', `--config-file ${file} is not a JSON object of field key to value`);
    Object.assign(out, data);
  }
  for (const pair of pairs) {
    const eq = pair.indexOf('=');
    if (eq <= 0)
      throw new UsageError('flag.invalid', `--config takes key=value (e.g. currency=usd), got ${JSON.stringify(pair)}`);
    Object.defineProperty(out, pair.slice(0, eq), {
      value: pair.slice(eq + 1),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return out;
}

/** --key, EXTKIT_API_KEY, or a key of a local emulator's default organization. */
export async function orgKey(
  flag: string | undefined,
  marketplace: string | undefined,
): Promise<{ ok: true; key: string; errors: [] } | { ok: false; errors: Array<{ code: string; message: string }> }> {
  const key = flag ?? process.env.EXTKIT_API_KEY;
  if (key) return { ok: true, key, errors: [] };
  const { localApiKey } = await import('@extkit/emulator/marketplace');
  const r = await localApiKey(marketplace);
  return r.ok ? { ok: true, key: r.key, errors: [] } : r;
}
