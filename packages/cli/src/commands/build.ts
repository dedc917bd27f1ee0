import { relative } from 'node:path';
import type { Command } from 'commander';
import type { BuildOptions, BuildResult } from '@extkit/bundler';
import type { Paint } from '@extkit/manifest/terminal';
import { UsageError } from '../errors.js';
import { positiveInt, requireDir, requirePublisher } from '../flags.js';
import { settle } from '../output.js';

interface BuildFlags {
  out?: string;
  json?: boolean;
  publisher?: string;
  sizeBudget?: string;
  scanTimeout?: string;
  analyze?: boolean;
  sourcesContent: boolean;
  watch?: boolean;
}

const bytes = (n: number): string => (n < 1024 ? `${n} B` : `${(n / 1024).toFixed(1)} KiB`);

/** A build's result for a person: diagnostics, registrations, size, the analysis, the artifact. */
async function render(result: BuildResult, dir: string, p: Paint, color: boolean): Promise<string> {
  const { formatDiagnostics } = await import('@extkit/bundler');
  let text = formatDiagnostics(result, { color });
  const silenced = result.validation?.silenced;
  if (silenced) text += `  ${silenced} warning${silenced === 1 ? '' : 's'} silenced by package.json "extkit.ignore"\n`;
  for (const r of result.registrations) text += `  registers ${r.kind} ${p.bold(r.id)}\n`;
  const s = result.size;
  if (s) {
    const parts = [s.css ? `CSS ${bytes(s.css)}` : '', s.assets ? `inlined images and fonts ${bytes(s.assets)}` : '']
      .filter(Boolean)
      .join(', ');
    text += `  bundle ${bytes(s.raw)} raw${parts ? ` (${parts})` : ''}, ${bytes(s.gzip)} gzipped (budget ${bytes(s.budget)}${s.enforced ? '' : ", the kit's default: a warning"})\n`;
  }
  if (result.analysis) {
    const total = result.analysis.inputs.reduce((sum, i) => sum + i.bytes, 0) || 1;
    text += `  largest inputs, by bytes in the bundle (metafile: ${relative(process.cwd(), result.analysis.metafile)}):\n`;
    for (const i of result.analysis.inputs.slice(0, 15))
      text += `  ${bytes(i.bytes).padStart(10)}  ${`${((100 * i.bytes) / total).toFixed(1)}%`.padStart(6)}  ${i.path}\n`;
  }
  const m = result.validation?.manifest;
  const name = m ? `${m.id}@${m.version}` : dir;
  if (result.artifact) {
    const where = relative(process.cwd(), result.artifact.dir) || '.';
    const replaced = result.artifact.replaced;
    text += `${p.green('✓')} ${name} ${result.artifact.unchanged ? 'is already in the store, identical' : replaced ? 'rebuilt' : 'built'}: ${where}\n  integrity ${result.artifact.integrity}\n`;
    if (replaced)
      text += `  ${p.yellow('notice')} replaced the draft of ${name} in the store (integrity ${replaced.previous ?? 'unknown'}): it was never published from this project. Once published, a version never changes.\n`;
  } else {
    text += `${p.red('✗')} ${name} not built (${result.errors.length} error${result.errors.length === 1 ? '' : 's'})\n`;
  }
  return text;
}

export function registerBuild(program: Command): void {
  program
    .command('build')
    .description(
      'Validate, bundle and scan an extension into an immutable artifact <out>/<id>/<version>/ (docs/build.md).',
    )
    .argument('[dir]', 'the extension folder (holds manifest.json)', '.')
    .option('--out <dir>', 'the artifact store (default: <dir>/artifacts)')
    .option(
      '--json',
      'print one JSON document: validation, registrations, artifact, integrity, size (with --watch, one line per build)',
    )
    .option(
      '--publisher <handle>',
      'publisher handle for component namespaces (default: "extkit.publisher" in package.json)',
    )
    .option(
      '--size-budget <size>',
      'gzipped size over which the build fails, e.g. 65536 or "64 KB" (default: "extkit": { "budget": { "gzip" } } in package.json, else a warning past 64 KB)',
    )
    .option('--scan-timeout <ms>', 'wall-clock limit of the registration scan (default: 2000)')
    .option(
      '--analyze',
      "write esbuild's metafile beside the artifact (<out>/<id>/<version>.meta.json) and print the largest inputs",
    )
    .option('--no-sources-content', "leave the sources' text out of the source map (artifact.json records it)")
    .option('--watch', 'build again on every save, into <out>/.watch/<id> (the store is left alone); Ctrl-C stops')
    .addHelpText(
      'after',
      "\nExit codes: 0 built (or already in the store, identical), 1 invalid, refused or over the project's budget, 2 usage error.\n\nExamples:\n  $ extkit build\n  $ extkit build path/to/extension --out ../store --json\n  $ extkit build --analyze\n  $ extkit build --watch",
    )
    .action(async (dir: string, flags: BuildFlags) => {
      requireDir(dir, 'extension folder');
      // The build worker starts (and loads esbuild) while the rest of the kit loads.
      if (!flags.watch) (await import('@extkit/bundler/prewarm')).prewarmBuild();
      const timeoutMs = positiveInt('--scan-timeout', flags.scanTimeout);
      await requirePublisher(flags.publisher);
      const { build, parseSize, watchBuild } = await import('@extkit/bundler');
      let sizeBudget: number | undefined;
      if (flags.sizeBudget !== undefined) {
        const parsed = parseSize(flags.sizeBudget);
        if (parsed === null)
          throw new UsageError(
            'flag.invalid',
            `--size-budget must be a size like 65536, "64 KB" or "1.5 MB", got ${JSON.stringify(flags.sizeBudget)}`,
          );
        sizeBudget = parsed;
      }
      const options: BuildOptions = {
        ...(flags.out !== undefined ? { out: flags.out } : {}),
        ...(flags.publisher !== undefined ? { publisher: flags.publisher } : {}),
        ...(sizeBudget !== undefined ? { sizeBudget } : {}),
        ...(timeoutMs !== undefined ? { scan: { timeoutMs } } : {}),
        ...(flags.analyze ? { analyze: true } : {}),
        ...(flags.sourcesContent === false ? { sourcesContent: false } : {}),
      };
      const { refreshTypes } = await import('@extkit/manifest');
      if (flags.watch) {
        const { paint, useColor } = await import('@extkit/manifest/terminal');
        const color = useColor();
        const p = paint(color);
        const watcher = await watchBuild(dir, options, (result) => {
          // The project's types follow its manifest (docs/create.md).
          refreshTypes(dir);
          void (
            flags.json
              ? Promise.resolve(`${JSON.stringify(result)}\n`)
              : render(result, dir, p, color).then((t) => `${p.dim(new Date().toTimeString().slice(0, 8))} ${t}`)
          ).then((t) => process.stdout.write(t));
        });
        if (!flags.json)
          process.stdout.write(
            `${p.dim('watching')} ${relative(process.cwd(), dir) || '.'} ${p.dim('(Ctrl-C stops)')}\n`,
          );
        await new Promise<void>((resolve) => {
          const stop = (): void => void watcher.close().then(resolve);
          process.once('SIGINT', stop);
          process.once('SIGTERM', stop);
        });
        return;
      }
      const result = await build(dir, options);
      refreshTypes(dir);
      const out = await settle(result, flags.json);
      if (!out) return;
      process.stdout.write(await render(result, dir, out.p, out.color));
    });
}
