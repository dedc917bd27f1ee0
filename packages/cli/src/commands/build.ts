import { relative } from 'node:path';
import type { Command } from 'commander';
import { positiveInt, requireDir, requirePublisher } from '../flags.js';
import { settle } from '../output.js';

interface BuildFlags {
  out?: string;
  json?: boolean;
  publisher?: string;
  sizeBudget?: string;
  scanTimeout?: string;
}

const bytes = (n: number): string => (n < 1024 ? `${n} B` : `${(n / 1024).toFixed(1)} KiB`);

export function registerBuild(program: Command): void {
  program
    .command('build')
    .description('Validate, bundle and scan an extension into an immutable artifact <out>/<id>/<version>/ (docs/build.md).')
    .argument('[dir]', 'the extension folder (holds manifest.json)', '.')
    .option('--out <dir>', 'the artifact store (default: <dir>/artifacts)')
    .option('--json', 'print one JSON document: validation, registrations, artifact, integrity, size')
    .option('--publisher <handle>', 'publisher handle for component namespaces (default: "extkit.publisher" in package.json)')
    .option('--size-budget <bytes>', 'gzipped bundle size past which the build warns (default: "extkit.sizeBudget", else 102400)')
    .option('--scan-timeout <ms>', 'wall-clock limit of the registration scan (default: 2000)')
    .addHelpText('after', '\nExit codes: 0 built (or already in the store, identical), 1 invalid or refused, 2 usage error.\n\nExamples:\n  $ extkit build\n  $ extkit build path/to/extension --out ../store --json')
    .action(async (dir: string, flags: BuildFlags) => {
      requireDir(dir, 'extension folder');
      // The build worker starts (and loads esbuild) while the rest of the kit loads.
      (await import('@extkit/bundler/prewarm')).prewarmBuild();
      const sizeBudget = positiveInt('--size-budget', flags.sizeBudget);
      const timeoutMs = positiveInt('--scan-timeout', flags.scanTimeout);
      await requirePublisher(flags.publisher);
      const { build, formatDiagnostics } = await import('@extkit/bundler');
      const result = await build(dir, {
        ...(flags.out !== undefined ? { out: flags.out } : {}),
        ...(flags.publisher !== undefined ? { publisher: flags.publisher } : {}),
        ...(sizeBudget !== undefined ? { sizeBudget } : {}),
        ...(timeoutMs !== undefined ? { scan: { timeoutMs } } : {}),
      });
      // The project's types follow its manifest (docs/create.md); the bundler has loaded the manifest package already.
      (await import('@extkit/manifest')).refreshTypes(dir);
      const out = await settle(result, flags.json);
      if (!out) return;
      const { p, color } = out;
      process.stdout.write(formatDiagnostics(result, { color }));
      const silenced = result.validation?.silenced;
      if (silenced) process.stdout.write(`  ${silenced} warning${silenced === 1 ? '' : 's'} silenced by package.json "extkit.ignore"\n`);
      for (const r of result.registrations) process.stdout.write(`  registers ${r.kind} ${p.bold(r.id)}\n`);
      if (result.size) process.stdout.write(`  bundle ${bytes(result.size.raw)} raw, ${bytes(result.size.gzip)} gzipped (budget ${bytes(result.size.budget)})\n`);
      const m = result.validation?.manifest;
      const name = m ? `${m.id}@${m.version}` : dir;
      if (result.artifact) {
        const where = relative(process.cwd(), result.artifact.dir) || '.';
        process.stdout.write(`${p.green('✓')} ${name} ${result.artifact.unchanged ? 'is already in the store, identical' : 'built'}: ${where}\n  integrity ${result.artifact.integrity}\n`);
      } else {
        process.stdout.write(`${p.red('✗')} ${name} not built (${result.errors.length} error${result.errors.length === 1 ? '' : 's'})\n`);
      }
    });
}
