import { existsSync } from 'node:fs';
import type { Command } from 'commander';
import { UsageError } from '../errors.js';
import { settle } from '../output.js';
import { positiveInt, requireDir } from '../flags.js';

interface VerifyFlags {
  integrity?: string;
  trustedKey: string[];
  signature?: string;
  revoked?: string;
  listing?: string;
  hostAbi?: string;
  json?: boolean;
}

const collect = (value: string, previous: string[]): string[] => [...previous, value];

function requireFile(flag: string, path: string | undefined): void {
  if (path !== undefined && !existsSync(path)) throw new UsageError('path.not_found', `${flag}: no such file: ${path}`);
}

export function registerVerify(program: Command): void {
  program
    .command('verify')
    .description(
      'Re-hash an artifact and ask the loader policy whether it loads, and into which realm (docs/build.md).',
    )
    .argument('<artifact-dir>', 'an artifact folder, <out>/<id>/<version>')
    .option('--integrity <hash>', 'the integrity the install pinned (sha256-...)')
    .option(
      '--trusted-key <file>',
      'PEM ed25519 public key whose signature means the app realm (repeatable)',
      collect,
      [],
    )
    .option('--signature <file>', 'signature file written by `extkit sign`')
    .option('--revoked <file>', 'revocation list { "revoked": [{ "listing": "<publisher>.<id>", "reason": ... }] }')
    .option('--listing <publisher.id>', 'the listing this artifact was published as (needed with --revoked)')
    .option('--host-abi <n>', "the host's ABI generation (default: the kit's current one)")
    .option('--json', 'print one JSON document { ok, errors, warnings, artifact, integrity, decision }')
    .addHelpText(
      'after',
      '\nExit codes: 0 intact and loads, 1 a hash fails or the version does not load, 2 usage error.\n\nExamples:\n  $ extkit verify artifacts/my-ext/1.0.0 --integrity sha256-... --host-abi 1\n  $ extkit verify artifacts/my-ext/1.0.0 --signature artifacts/my-ext/1.0.0.sig.json --trusted-key staff.pub.pem',
    )
    .action(async (dir: string, flags: VerifyFlags) => {
      requireDir(dir, 'artifact folder');
      for (const key of flags.trustedKey) requireFile('--trusted-key', key);
      requireFile('--signature', flags.signature);
      requireFile('--revoked', flags.revoked);
      if (flags.revoked !== undefined && flags.listing === undefined)
        throw new UsageError(
          'verify.listing_required',
          '--revoked needs --listing <publisher>.<id>: a revocation names a listing, and an artifact does not record its publisher.',
        );
      const hostAbi = positiveInt('--host-abi', flags.hostAbi);
      const { verify, formatDiagnostics } = await import('@extkit/bundler');
      const result = await verify(dir, {
        trustedKeyFiles: flags.trustedKey,
        ...(flags.integrity !== undefined ? { integrity: flags.integrity } : {}),
        ...(flags.signature !== undefined ? { signatureFile: flags.signature } : {}),
        ...(flags.revoked !== undefined ? { revokedFile: flags.revoked } : {}),
        ...(flags.listing !== undefined ? { listing: flags.listing } : {}),
        ...(hostAbi !== undefined ? { hostAbi } : {}),
      });
      const out = await settle(result, flags.json);
      if (!out) return;
      const { p, color } = out;
      process.stdout.write(formatDiagnostics(result, { color }));
      const { printable } = await import('@extkit/manifest/terminal');
      const name = printable(result.artifact ? `${result.artifact.id}@${result.artifact.version}` : dir);
      if (result.errors.length === 0 && result.integrity)
        process.stdout.write(
          `${p.green('✓')} ${name}: every file matches artifact.json\n  integrity ${result.integrity}\n`,
        );
      const d = result.decision;
      if (d) {
        const abi = result.hostAbi;
        process.stdout.write(
          `  host ABI ${abi.value}${abi.source === 'kit' ? " (the kit's current generation; --host-abi <n> to check another)" : ''}\n`,
        );
        const head = d.loads
          ? `${p.green('✓')} loads into the ${p.bold(d.realm ?? '')} realm`
          : `${p.red('✗')} does not load`;
        process.stdout.write(
          `${head}\n${d.reasons.map((r) => `  ${p.dim(`[${r.code}]`)} ${printable(r.message)}\n`).join('')}`,
        );
      } else if (result.errors.length > 0) {
        process.stdout.write(`${p.red('✗')} ${name} fails verification\n`);
      }
    });
}
