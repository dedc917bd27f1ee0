// Shared measuring helpers for bench/*.bench.ts.
import { spawnSync } from 'node:child_process';

export function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

/** Milliseconds one spawn of `cmd args` takes, wall clock, from spawn to exit. */
export function timeSpawn(cmd: string, args: string[], opts: { cwd?: string } = {}): number {
  const t0 = process.hrtime.bigint();
  const r = spawnSync(cmd, args, { cwd: opts.cwd, stdio: 'ignore' });
  const ms = Number(process.hrtime.bigint() - t0) / 1e6;
  if (r.status !== 0 && r.status !== 1) throw new Error(`${cmd} ${args.join(' ')} exited ${r.status}`);
  return ms;
}

/**
 * Runs each named task `rounds` times, interleaved (A B A B ...) so that machine
 * noise falls on both alike, and returns each task's median in milliseconds.
 */
export async function interleave(
  tasks: Record<string, () => number | Promise<number>>,
  rounds: number,
  warmup = 2,
): Promise<Record<string, number>> {
  const names = Object.keys(tasks);
  const samples: Record<string, number[]> = Object.fromEntries(names.map((n) => [n, []]));
  for (let i = 0; i < warmup + rounds; i++) {
    for (const n of names) {
      const ms = await tasks[n]!();
      if (i >= warmup) samples[n]!.push(ms);
    }
  }
  return Object.fromEntries(names.map((n) => [n, median(samples[n]!)]));
}

export const fmt = (ms: number): string => (ms >= 100 ? ms.toFixed(0) : ms >= 1 ? ms.toFixed(1) : ms.toFixed(3));
export const verdict = (ok: boolean): string => (ok ? 'meets target' : '**misses target**');
