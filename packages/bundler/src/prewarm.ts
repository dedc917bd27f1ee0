// A tiny entry (`@extkit/bundler/prewarm`) that loads no more than the build worker needs.
import { ESBUILD_PATH } from './esbuild.js';
import { prewarmBuildWorker } from './scan/run.js';

/** Starts `build()`'s worker, esbuild loading in it, before the caller loads the rest of the bundler. */
export function prewarmBuild(memoryMb?: number): void {
  prewarmBuildWorker(ESBUILD_PATH, memoryMb);
}
