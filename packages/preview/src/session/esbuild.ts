// esbuild, loaded once per process and only when the preview first builds.
import type { BuildFailure } from 'esbuild';

export type { BuildContext as EsbuildContext, Message as EsbuildMessage } from 'esbuild';

let loaded: Promise<typeof import('esbuild')> | undefined;

/** Loads esbuild once per process. */
export function loadEsbuild(): Promise<typeof import('esbuild')> {
  loaded ??= import('esbuild');
  return loaded;
}

/** True when esbuild failed with messages (a BuildFailure) rather than crashing. */
export function isBuildFailure(err: unknown): err is BuildFailure {
  return typeof err === 'object' && err !== null && Array.isArray((err as { errors?: unknown }).errors);
}
