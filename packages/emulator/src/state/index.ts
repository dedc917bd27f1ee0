// State you can keep: export to a folder, import from one (at start or while running), and
// the imported state as what `reset` returns to.
import type { Engine } from '../engine/engine.js';
import type { Admitter } from '../rules/admit.js';
import { checkTarget, exportState } from './export.js';
import type { Metadata, Snapshot } from './format.js';
import { applySnapshot, readSnapshot } from './import.js';

export { StateError, formatVersion, type Metadata } from './format.js';
export type { Snapshot } from './format.js';
export { readSnapshot } from './import.js';

export interface StateDeps {
  engine: Engine;
  admission: Admitter;
  now(): number;
  /** The PGlite data folder, which no export may land in or around. */
  data?: string;
  hooks: Map<string, string>;
  takedowns: Set<string>;
  /** The snapshot the emulator started from, if any. */
  initial: Snapshot | null;
}

export interface ExportSummary {
  dir: string;
  exportedAt: string;
  formatVersion: number;
  rows: Record<string, number>;
}

const summary = (dir: string, m: Metadata): ExportSummary => ({
  dir,
  exportedAt: m.exportedAt,
  formatVersion: m.formatVersion,
  rows: Object.fromEntries(Object.entries(m.tables).map(([k, v]) => [k, v.rows])),
});

export function stateControl(deps: StateDeps) {
  const { engine, admission } = deps;
  /** The last import: what `reset()` returns to. */
  let imported: Snapshot | null = deps.initial;

  const restoreProcess = (s: Snapshot): void => {
    deps.hooks.clear();
    for (const h of s.metadata.process?.hooks ?? []) deps.hooks.set(`${h.hostId}/${h.hookId}`, h.secret);
    deps.takedowns.clear();
    for (const d of s.metadata.process?.takedowns ?? []) deps.takedowns.add(d);
  };

  return {
    get imported(): Snapshot | null {
      return imported;
    },
    /** Checks the target, then writes the whole state there; `cwd` adds working folders to refuse (the CLI's). */
    async exportTo(dir: string, cwd: string[] = []): Promise<ExportSummary> {
      const target = checkTarget(dir, { cwd: [process.cwd(), ...cwd], ...(deps.data ? { data: deps.data } : {}) });
      await admission.flush();
      const [v] = await engine.query<{ v: number | string }>('select max(version) as v from schema_migrations');
      const hooks = [...deps.hooks].map(([k, secret]) => {
        const [hostId = '', hookId = ''] = k.split('/');
        return { hostId, hookId, secret };
      });
      const m = await exportState(
        engine,
        target,
        { schemaVersion: Number(v?.v ?? 0), process: { hooks, takedowns: [...deps.takedowns] } },
        deps.now(),
      );
      return summary(target, m);
    },
    /** Replaces the state with an export's (read and checked before anything is written). */
    async importFrom(dir: string): Promise<ExportSummary> {
      const s = readSnapshot(dir);
      await this.apply(s);
      imported = s;
      return summary(dir, s.metadata);
    },
    async apply(s: Snapshot): Promise<void> {
      await admission.flush();
      await applySnapshot(engine, s);
      admission.forget();
      restoreProcess(s);
    },
  };
}
