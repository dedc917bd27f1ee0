// What the emulator's global setup hands each test file (vitest's provide/inject):
// where the emulator answers, and, once the file's fresh organization exists, its key.

/** The emulator of this test run, as `inject('extkitEmulator')` gives it. */
export interface EmulatorInfo {
  /** `http://127.0.0.1:<port>/v1`: pass it (or `emulator()`) as render(id, { api }). */
  baseUrl: string;
  /** The admin surface (`http://127.0.0.1:<port>/__emulator`). */
  adminUrl: string;
  /** Set while the setup's own emulator starts: how long a file may wait for it to answer. */
  startingMs?: number;
}

/** This test file's organization on the run's emulator: made fresh for the file, so no state leaks between files. */
export interface FileEmulator {
  readonly baseUrl: string;
  readonly adminUrl: string;
  /** A key of this file's organization, with every scope. */
  readonly apiKey: string;
  /** This file's organization id. */
  readonly org: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** Set by `globalSetup: ['@extkit/testing/emulator']`. */
    extkitEmulator: EmulatorInfo;
  }
}

/** The key vitest provides the emulator under. */
export const PROVIDED = 'extkitEmulator';

/** How long the kit waits for the emulator to answer before it says so. */
export const REACH_TIMEOUT_MS = 5_000;

/** Asks the emulator for a new organization and its key; a clear error naming the URL when it does not answer. */
export async function freshOrganization(info: EmulatorInfo, fetchFn: typeof fetch = fetch): Promise<FileEmulator> {
  const url = `${info.adminUrl}/keys`;
  const failed = failedFor(info);
  let answer: Response | undefined;
  const deadline = Date.now() + (info.startingMs ?? 0);
  let waited: number;
  for (;;) {
    // The setup's emulator listens before its store is open and answers once it is: while it may still be
    // starting, a request waits as long as the start may take, not the usual few seconds.
    waited = Math.max(REACH_TIMEOUT_MS, deadline - Date.now());
    try {
      answer = await fetchFn(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ plan: 'business' }),
        signal: AbortSignal.timeout(waited),
      });
      break;
    } catch (err) {
      // The setup's emulator may still be starting: nothing listens yet. Anything else, or past the wait, is final.
      const refused = (err as { cause?: { code?: string } }).cause?.code === 'ECONNREFUSED';
      if (refused && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 50));
        continue;
      }
      throw failed(err, waited);
    }
  }
  if (!answer.ok)
    throw new Error(
      `The extkit emulator at ${info.adminUrl} refused a new organization: ${answer.status} ${await answer.text()}`,
    );
  const { key, org } = (await answer.json()) as { key: string; org: string };
  return Object.freeze({ baseUrl: info.baseUrl, adminUrl: info.adminUrl, apiKey: key, org });
}

/** The error for an emulator that did not answer at `info`'s URL. */
const failedFor =
  (info: EmulatorInfo) =>
  (err: unknown, waitedMs = REACH_TIMEOUT_MS): Error =>
    new Error(
      `The extkit emulator at ${info.baseUrl} did not answer (${unreachable(err, waitedMs)}${info.startingMs ? `; it may take ${info.startingMs / 1000} s to start` : ''}). It is started by globalSetup: ['@extkit/testing/emulator'] in vitest's config (its own error, if it failed to start, is printed above); with EXTKIT_EMULATOR_URL set, start it yourself (extkit emulate) at that URL.`,
      { cause: err },
    );

/** Why a fetch did not reach its server, in a few words (the timeout, or the socket's error code). */
export function unreachable(err: unknown, waitedMs = REACH_TIMEOUT_MS): string {
  const e = err as { name?: string; message?: string; cause?: { code?: string; message?: string } };
  if (e?.name === 'TimeoutError') return `no answer in ${Math.round(waitedMs / 1000)} s`;
  return e?.cause?.code ?? e?.cause?.message ?? e?.message ?? String(err);
}
