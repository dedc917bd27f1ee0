// A throwaway PostgreSQL cluster on 127.0.0.1 for tests and benchmarks: Debian's
// postgresql (15 by default), initdb and pg_ctl run as the `postgres` user since the
// server refuses root, in a temporary folder removed on stop.
import { chownSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { exec } from './exec.js';
import { freePort } from './net.js';

const binDir = process.env.EXTKIT_PG_BIN ?? '/usr/lib/postgresql/15/bin';

export interface PostgresCluster {
  /** `postgres://postgres@127.0.0.1:<port>/postgres`. */
  url: string;
  port: number;
  /** A new empty database on the cluster; answers its URL. */
  createDatabase(name: string): Promise<string>;
  stop(): Promise<void>;
}

/** Why a cluster cannot be started here, or null when it can. Tests skip with this reason printed. */
export function postgresUnavailable(): string | null {
  if (!existsSync(join(binDir, 'initdb')))
    return `PostgreSQL is not installed at ${binDir} (apt-get install postgresql, or set EXTKIT_PG_BIN)`;
  return null;
}

/** Runs a PostgreSQL binary, as `postgres` when this process is root. */
async function pg(tool: string, args: string[]): Promise<string> {
  const root = userInfo().uid === 0;
  const [cmd, argv] = root
    ? ['runuser', ['-u', 'postgres', '--', join(binDir, tool), ...args]]
    : [join(binDir, tool), args];
  const r = await exec(cmd, argv, { cwd: tmpdir(), timeoutMs: 120_000, env: { LC_ALL: 'C' } });
  if (r.status !== 0) throw new Error(`${tool} ${args.join(' ')} failed (${r.status}):\n${r.stdout}${r.stderr}`);
  return r.stdout;
}

/**
 * Starts a fresh cluster on a free port of 127.0.0.1 (trust auth, fsync off: it holds test data only).
 * @example const pg = await startPostgres(); const url = await pg.createDatabase('emu'); ...; await pg.stop();
 */
export async function startPostgres(): Promise<PostgresCluster> {
  const reason = postgresUnavailable();
  if (reason) throw new Error(reason);
  const dir = mkdtempSync(join(tmpdir(), 'extkit-pg-'));
  if (userInfo().uid === 0) {
    const owner = await exec('id', ['-u', 'postgres'], { cwd: tmpdir() });
    const group = await exec('id', ['-g', 'postgres'], { cwd: tmpdir() });
    chownSync(dir, Number(owner.stdout), Number(group.stdout));
  }
  const data = join(dir, 'data');
  const port = await freePort();
  try {
    await pg('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8']);
    const opts = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off -c max_connections=200`;
    await pg('pg_ctl', ['-D', data, '-o', opts, '-l', join(dir, 'log'), '-w', '-t', '60', 'start']);
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  let stopped = false;
  return {
    url,
    port,
    async createDatabase(name) {
      if (!/^[a-z_][a-z0-9_]*$/.test(name))
        throw new TypeError(`createDatabase: ${JSON.stringify(name)} is not a plain lower-case name`);
      await pg('psql', [
        '-h',
        '127.0.0.1',
        '-p',
        String(port),
        '-U',
        'postgres',
        '-d',
        'postgres',
        '-v',
        'ON_ERROR_STOP=1',
        '-c',
        `create database ${name}`,
      ]);
      return `postgres://postgres@127.0.0.1:${port}/${name}`;
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      await pg('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']).catch(() => {});
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
