// `extkit dev --emulator [url]`: the emulator the preview routes the frames' API calls to
// (docs/api.md). Without a URL, one runs in this process on a free port, its state in the
// project's .extkit/emulator (as `extkit emulate` keeps it) and the demo seed; with one, the
// preview attaches to a running `extkit emulate`.
import { join } from 'node:path';
import type { EmulatorLink } from '@extkit/preview';
import { UsageError } from '../errors.js';

export interface DevEmulator {
  link: EmulatorLink;
  /** The lines `extkit dev` prints about it, as `extkit emulate` prints them. */
  lines: string[];
  close(): Promise<void>;
}

/** Starts (flag `true`) or attaches to (flag a URL) the emulator. */
export async function devEmulator(flag: string | true, dir: string): Promise<DevEmulator> {
  if (flag === true) {
    const { startEmulator, EngineMissingError } = await import('@extkit/emulator');
    const data = join(dir, '.extkit', 'emulator');
    const emu = await startEmulator({ port: 0, data, seed: 'demo' }).catch(async (err: unknown) => {
      if (err instanceof EngineMissingError) throw await (await import('./emulate.js')).engineMissing(err);
      throw err;
    });
    return {
      link: { baseUrl: emu.baseUrl, adminUrl: emu.adminUrl },
      lines: [
        `emulator: the platform API at ${emu.baseUrl}`,
        `API key (every scope): ${emu.apiKey}`,
        `admin: ${emu.adminUrl}`,
      ],
      close: () => emu.close(),
    };
  }
  let url: URL;
  try {
    url = new URL(flag);
  } catch {
    throw new UsageError(
      'flag.invalid',
      `--emulator takes the base URL of a running extkit emulate (e.g. http://127.0.0.1:8787/v1), or nothing to start one; got ${JSON.stringify(flag)}`,
    );
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new UsageError(
      'flag.invalid',
      `--emulator must be an http URL, e.g. http://127.0.0.1:8787/v1; got ${JSON.stringify(flag)}`,
    );
  const adminUrl = `${url.origin}/__emulator`;
  const summary = await fetch(adminUrl, { signal: AbortSignal.timeout(5000) })
    .then(async (r) => (r.ok ? ((await r.json()) as { baseUrl?: unknown }) : null))
    .catch(() => null);
  if (!summary)
    throw new UsageError(
      'emulator.unreachable',
      `no emulator answers at ${adminUrl}. Start one with \`extkit emulate\` (it prints its base URL), or run \`extkit dev --emulator\` without a URL to start one in this process.`,
    );
  const baseUrl = typeof summary.baseUrl === 'string' ? summary.baseUrl : `${url.origin}/v1`;
  return {
    link: { baseUrl, adminUrl },
    lines: [`emulator: the platform API at ${baseUrl} (a running extkit emulate)`, `admin: ${adminUrl}`],
    close: () => Promise.resolve(),
  };
}
