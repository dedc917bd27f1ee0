// esbuild, reached through @extkit/bundler (which depends on it), so the
// preview rebuilds with the same esbuild the build uses without a second copy.
// Only the part of esbuild's API the preview calls is typed here.
import { createRequire } from 'node:module';

export interface EsbuildMessage {
  text: string;
  location: { file: string; line: number; column: number; lineText: string } | null;
  notes: Array<{ text: string }>;
}
export interface EsbuildResult {
  errors: EsbuildMessage[];
  warnings: EsbuildMessage[];
  outputFiles?: Array<{ path: string; text: string }>;
  metafile?: { inputs: Record<string, unknown> };
}
export interface EsbuildContext {
  rebuild(): Promise<EsbuildResult>;
  dispose(): Promise<void>;
}
export interface Esbuild {
  context(options: Record<string, unknown>): Promise<EsbuildContext>;
  build(options: Record<string, unknown>): Promise<EsbuildResult>;
}

let loaded: Promise<Esbuild> | undefined;

/** Loads esbuild once per process. */
export function loadEsbuild(): Promise<Esbuild> {
  loaded ??= import(createRequire(import.meta.resolve('@extkit/bundler')).resolve('esbuild')) as Promise<Esbuild>;
  return loaded;
}

/** True when esbuild failed with messages (a BuildFailure) rather than crashing. */
export function isBuildFailure(err: unknown): err is { errors: EsbuildMessage[]; warnings: EsbuildMessage[] } {
  return typeof err === 'object' && err !== null && Array.isArray((err as { errors?: unknown }).errors);
}
