import { existsSync } from 'node:fs';
import { relative } from 'node:path';
import type { Command } from 'commander';
import { UsageError } from '../errors.js';
import { settle } from '../output.js';
import { requireDir } from '../flags.js';

export function registerSign(program: Command): void {
  program
    .command('sign')
    .description("Sign an artifact's integrity with an ed25519 key (staff tooling and tests; docs/build.md).")
    .argument('<artifact-dir>', 'an artifact folder, <out>/<id>/<version>')
    .requiredOption('--key <file>', 'PEM (PKCS#8) ed25519 private key')
    .option('--out <file>', 'where to write the signature (default: <artifact-dir>.sig.json)')
    .option('--json', 'print one JSON document { ok, errors, signature, file }')
    .addHelpText(
      'after',
      '\nExit codes: 0 signed, 1 the artifact fails verification or the key is unusable, 2 usage error.\n\nExample:\n  $ openssl genpkey -algorithm ed25519 -out staff.key.pem\n  $ extkit sign artifacts/my-ext/1.0.0 --key staff.key.pem',
    )
    .action(async (dir: string, flags: { key: string; out?: string; json?: boolean }) => {
      requireDir(dir, 'artifact folder');
      if (!existsSync(flags.key)) throw new UsageError('path.not_found', `--key: no such file: ${flags.key}`);
      const { sign, formatDiagnostics } = await import('@extkit/bundler');
      const result = await sign(dir, flags.key, flags.out !== undefined ? { out: flags.out } : {});
      const out = await settle(result, flags.json);
      if (!out) return;
      const { p, color } = out;
      process.stdout.write(formatDiagnostics({ errors: result.errors, warnings: [] }, { color }));
      if (result.ok && result.file && result.signature) {
        process.stdout.write(
          `${p.green('✓')} signed ${result.signature.integrity} with key ${result.signature.keyId}: ${relative(process.cwd(), result.file)}\n`,
        );
      }
    });
}
