import type { Command } from 'commander';
import { requireDir } from '../flags.js';
import { settle } from '../output.js';

interface TypesFlags {
  out?: string;
  json?: boolean;
}

export function registerTypes(program: Command): void {
  program
    .command('types')
    .description(
      "Write the manifest's props, config and events as TypeScript types (default src/manifest.d.ts; docs/create.md).",
    )
    .argument('[dir]', 'the extension folder (holds manifest.json)', '.')
    .option('--out <file>', 'where to write, relative to the folder (default: src/manifest.d.ts)')
    .option('--json', 'print one JSON document { ok, file, changed, errors }')
    .addHelpText(
      'after',
      '\n`extkit dev` and `extkit build` run this too, for a folder with a tsconfig.json.\nExit codes: 0 written (or already current), 1 no readable manifest, 2 usage error.\n\nExamples:\n  $ extkit types\n  $ extkit types path/to/extension --out types/manifest.d.ts',
    )
    .action(async (dir: string, flags: TypesFlags) => {
      requireDir(dir, 'extension folder');
      const { writeTypes } = await import('@extkit/manifest');
      const result = writeTypes(dir, flags.out !== undefined ? { out: flags.out } : {});
      if (!(await settle(result, flags.json))) return;
      if (result.ok) process.stdout.write(`✓ ${result.file} ${result.changed ? 'written' : 'is current'}\n`);
      else process.stdout.write(result.errors.map((e) => `✗ ${e.message} [${e.code}]\n`).join(''));
    });
}
