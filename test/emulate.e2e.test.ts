// `extkit emulate` as a user runs it: usage errors, then a real start, a request, Ctrl-C.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { describe, expect, it } from 'vitest';
import { extkitBin, repoRoot, runCli } from './helpers/cli.js';

describe('extkit emulate', () => {
  it('refuses flags that cannot work together, as usage errors (exit 2)', () => {
    const both = runCli(['emulate', '--memory', '--data', 'x']);
    expect([both.status, both.stderr]).toEqual([
      2,
      'extkit: --data and --memory each choose where the state lives; give one\n',
    ]);
    expect(runCli(['emulate', '--port', 'eighty']).status).toBe(2);
    expect(runCli(['emulate', '--memory', '--seed', 'no-such-seed.json']).stderr).toMatch(
      /no such file: no-such-seed.json/,
    );
    expect(runCli(['emulate', '--database', 'mysql://x']).status).toBe(2);
    const help = runCli(['emulate', '--help']).stdout;
    expect(help).toMatch(/--seed <demo\|file\|none>/);
    expect(help).toMatch(/@electric-sql\/pglite for the\nembedded store, pg for --database/);
  });

  it('starts in memory, answers the client with the printed key, and stops cleanly on SIGINT', async () => {
    const child = spawn(extkitBin, ['emulate', '--memory', '--port', '0', '--json'], {
      cwd: repoRoot,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    const line = await new Promise<string>((resolve, reject) => {
      createInterface({ input: child.stdout }).once('line', resolve);
      child.once('exit', () => reject(new Error('exited before printing where it listens')));
    });
    const { baseUrl, apiKey, adminUrl, engine } = JSON.parse(line) as {
      baseUrl: string;
      apiKey: string;
      adminUrl: string;
      engine: string;
    };
    expect(baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1$/);
    expect([engine, adminUrl]).toEqual(['pglite', baseUrl.replace(/\/v1$/, '/__emulator')]);
    const sites = (await (
      await fetch(`${baseUrl}/sites`, { headers: { authorization: `Bearer ${apiKey}` } })
    ).json()) as { data: { subdomain: string }[] };
    expect(sites.data.map((s) => s.subdomain)).toEqual(['fjord-outfitters', 'harbor-cafe']);
    child.kill('SIGINT');
    expect(await exited).toBe(0);
  }, 120_000);
});
