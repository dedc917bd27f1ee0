import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { create, exitCodeOf } from './create.js';
import { run } from './cli.js';
import { packageManager } from './format.js';
import { listTemplates } from './templates.js';
import { writeProject } from './write.js';

const root = mkdtempSync(join(tmpdir(), 'create-extkit-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const textOf = (dir: string): string =>
  readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => readFileSync(join(e.parentPath, e.name), 'utf8'))
    .join('\n');

describe('create', () => {
  it.each([
    ['npm', ['`npm run dev`', '`npm run build`', '`npm test`'], /`(pnpm|yarn) /],
    ['pnpm', ['`pnpm dev`', '`pnpm validate`', '`pnpm test`'], /`(npm|yarn) /],
    ['yarn', ['`yarn dev`', '`yarn typecheck`'], /`(npm|pnpm) /],
  ] as const)("names %s's commands in the README, for every template", async (pm, want, never) => {
    for (const template of listTemplates().map((t) => t.name)) {
      const dir = join(root, `pm-${pm}-${template}`);
      expect((await create({ dir, template, publisher: 'globex', packageManager: pm })).ok).toBe(true);
      const readme = readFileSync(join(dir, 'README.md'), 'utf8');
      for (const w of want) expect(readme, template).toContain(w);
      expect(readme, template).not.toMatch(never);
    }
  });

  it.each(listTemplates().map((t) => t.name))(
    'writes the %s template with every default rewritten',
    async (template) => {
      const dir = join(root, `made-${template}`);
      const result = await create({ dir, template, publisher: 'globex', name: 'Made It' });
      expect(result.errors).toEqual([]);
      expect(result).toMatchObject({
        ok: true,
        dir,
        template,
        id: `made-${template}`,
        name: 'Made It',
        publisher: 'globex',
      });
      expect(result.files).toEqual(
        expect.arrayContaining([
          '.gitignore',
          'manifest.json',
          'manifest.schema.json',
          'package.json',
          'README.md',
          'src/manifest.d.ts',
          'tsconfig.json',
        ]),
      );
      const all = textOf(dir);
      expect(all).not.toMatch(/\bacme\b|\bhello-[a-z]+\b|Hello (Card|React|Feature|Route|Slot|Shell)\b|workspace:/);
      expect(readFileSync(join(dir, 'src/manifest.d.ts'), 'utf8')).toContain(`from manifest.json (made-${template})`);
      const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as {
        devDependencies: Record<string, string>;
      };
      expect(pkg.devDependencies['@extkit/testing']).toBe(pkg.devDependencies['@extkit/cli']);
      expect(readdirSync(root).filter((f) => f.startsWith('.'))).toEqual([]);
    },
  );

  it('accepts an existing empty folder', async () => {
    const dir = join(root, 'empty');
    mkdirSync(dir);
    expect((await create({ dir, template: 'console-slot', publisher: 'globex' })).ok).toBe(true);
  });

  it('refuses a folder that is not empty, before asking anything, and leaves it as it was', async () => {
    const dir = join(root, 'full');
    mkdirSync(dir);
    writeFileSync(join(dir, 'notes.txt'), 'mine');
    const result = await create({ dir });
    expect(result.errors.map((e) => e.code)).toEqual(['create.dir_not_empty']);
    expect(exitCodeOf(result)).toBe(2);
    expect(readdirSync(dir)).toEqual(['notes.txt']);
  });

  it('refuses a non-kebab-case id or publisher without writing anything', async () => {
    const dir = join(root, 'deep', 'nested', 'bad');
    const result = await create({ dir, template: 'site-component', id: 'Bad_Id', publisher: 'Not Kebab' });
    expect(result.errors.map((e) => e.code)).toEqual(['create.id_not_kebab_case', 'create.publisher_not_kebab_case']);
    expect(existsSync(join(root, 'deep'))).toBe(false);
  });

  it('leaves no half-written folder when writing fails half way', () => {
    const template = listTemplates()[0]!;
    const target = join(root, 'half');
    const identity = { publisher: 'acme', id: 'hello-card', name: 'Hello Card' };
    expect(() =>
      writeProject(
        template.dir,
        target,
        identity,
        { publisher: 'globex', id: 'half', name: 'Half' },
        '0.1.0',
        join(root, 'no-such-schema.json'),
      ),
    ).toThrow(/no-such-schema/);
    expect(readdirSync(root).filter((f) => f.includes('half'))).toEqual([]);
  });

  it('clears what a killed create of the same folder left behind, and leaves a live one alone', async () => {
    const stale = join(root, '.revived.extkit-create-0badc0de');
    const live = join(root, '.revived.extkit-create-00c0ffee');
    for (const dir of [stale, live]) mkdirSync(join(dir, 'src'), { recursive: true });
    const old = new Date(Date.now() - 5 * 60_000);
    utimesSync(stale, old, old);
    expect((await create({ dir: join(root, 'revived'), template: 'site-feature', publisher: 'globex' })).ok).toBe(true);
    expect(existsSync(stale)).toBe(false);
    expect(existsSync(live)).toBe(true);
    rmSync(live, { recursive: true });
  });
});

describe('run (the command line flow)', () => {
  it('asks on a terminal for what is missing and prints the next steps', async () => {
    const stdin = new PassThrough();
    const stdout = new PassThrough();
    const stderr = new PassThrough();
    let asked = '';
    stderr.on('data', (c: Buffer) => {
      asked += c.toString();
      if (/Choose 1-\d+ \[1\]: $/.test(asked)) stdin.write('console-shell\n');
      else if (/\(kebab-case\) \[asked-project\]: $/.test(asked)) stdin.write('\n');
      else if (/Display name \[Asked Project\]: $/.test(asked)) stdin.write('Asked\n');
      else if (/Publisher handle \(kebab-case\): $/.test(asked)) stdin.write('globex\n');
    });
    let printed = '';
    stdout.on('data', (c: Buffer) => (printed += c.toString()));
    const code = await run(
      { dir: join(root, 'asked-project') },
      { interactive: true, install: false, stdin, stdout, stderr },
    );
    expect(code).toBe(0);
    expect(printed).toMatch(/Created Asked \(asked-project, publisher globex\) from the console-shell template/);
    expect(printed).toMatch(/install\n {2}\S+ (run )?dev\n$/);
  });

  const streams = () => {
    const out = { stdout: new PassThrough(), stderr: new PassThrough(), printed: '', logged: '' };
    out.stdout.on('data', (c: Buffer) => (out.printed += c.toString()));
    out.stderr.on('data', (c: Buffer) => (out.logged += c.toString()));
    return out;
  };
  const recordingInstaller = (ok: boolean) => {
    const calls: Array<{ dir: string; pm: string }> = [];
    const installer = async (dir: string, pm: 'npm' | 'pnpm' | 'yarn') => {
      calls.push({ dir, pm });
      return ok
        ? { ok, command: `${pm} install`, exitCode: 0, errors: [] }
        : {
            ok,
            command: `${pm} install`,
            exitCode: 1,
            errors: [
              {
                code: 'create.install_failed' as const,
                message: `${pm} install failed (exit 1). cd ${dir} && ${pm} install`,
              },
            ],
          };
    };
    return { calls, installer };
  };

  it('installs by default on a terminal, and leaves the install out of the next steps', async () => {
    const io = streams();
    const { calls, installer } = recordingInstaller(true);
    const dir = join(root, 'installed-here');
    const code = await run(
      { dir, template: 'site-component', publisher: 'globex', id: 'installed-here', name: 'Installed' },
      { interactive: true, installer, stdin: new PassThrough(), ...io },
    );
    expect(code).toBe(0);
    expect(calls).toEqual([{ dir, pm: packageManager() }]);
    expect(io.logged).toContain(`Installing the dependencies: ${packageManager()} install`);
    expect(io.printed).not.toMatch(/ install\n/);
    expect(io.printed).toMatch(/Next:\n {2}cd \S+\n {2}\S+ (run )?dev\n$/);
  });

  it('does not install without a terminal, with --no-install, or for --json unless asked', async () => {
    const { calls, installer } = recordingInstaller(true);
    await run(
      { dir: join(root, 'ci-made'), template: 'site-component', publisher: 'globex' },
      { interactive: false, installer, ...streams() },
    );
    await run(
      {
        dir: join(root, 'tty-no-install'),
        template: 'site-component',
        publisher: 'globex',
        id: 'tty-no-install',
        name: 'X',
      },
      { interactive: true, install: false, installer, stdin: new PassThrough(), ...streams() },
    );
    await run(
      { dir: join(root, 'json-made'), template: 'site-component', publisher: 'globex' },
      { json: true, installer, ...streams() },
    );
    expect(calls).toEqual([]);
  });

  it('a failed install exits 1 with the command to run by hand, and keeps the project', async () => {
    const io = streams();
    const { installer } = recordingInstaller(false);
    const dir = join(root, 'install-fails');
    const code = await run(
      { dir, template: 'site-component-react', publisher: 'globex' },
      { install: true, installer, ...io },
    );
    expect(code).toBe(1);
    const pm = packageManager();
    expect(io.logged).toContain(`✗ ${pm} install failed (exit 1). cd ${dir} && ${pm} install [create.install_failed]`);
    expect(io.printed).toContain('Its code imports react and react-dom from the registry');
    expect(io.printed).toMatch(new RegExp(` {2}${pm} install\\n {2}${pm} (run )?dev\\n$`));
    expect(readdirSync(dir)).toContain('package.json');
  });

  it('--json reports the failed install in the one document', async () => {
    const io = streams();
    const { installer } = recordingInstaller(false);
    const code = await run(
      { dir: join(root, 'json-install-fails'), template: 'site-feature', publisher: 'globex' },
      { json: true, install: true, installer, ...io },
    );
    expect(code).toBe(1);
    expect(JSON.parse(io.printed)).toMatchObject({
      ok: false,
      errors: [{ code: 'create.install_failed' }],
      install: { ok: false, command: `${packageManager()} install` },
      dir: join(root, 'json-install-fails'),
    });
  });

  it('prints one JSON document with --json', async () => {
    const stdout = new PassThrough();
    let printed = '';
    stdout.on('data', (c: Buffer) => (printed += c.toString()));
    const code = await run(
      { dir: join(root, 'as-json'), template: 'site-feature', publisher: 'globex' },
      { json: true, stdout },
    );
    expect(code).toBe(0);
    expect(JSON.parse(printed)).toMatchObject({
      ok: true,
      id: 'as-json',
      nextSteps: expect.arrayContaining([expect.stringMatching(/install$/)]),
    });
  });
});
