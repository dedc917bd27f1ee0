import { resolve } from 'node:path';
import { makeRecord } from './artifact/record.js';
import { inspectStore, writeArtifact } from './artifact/store.js';
import { artifactPath, checkEntry } from './entry.js';
import { bundle } from './esbuild.js';
import { readAndValidate } from './manifest.js';
import { findSource, readProject } from './project.js';
import { ScanWorker } from './scan/run.js';
import { DEFAULT_SCAN_TIMEOUT_MS, scanReport } from './scan/scan.js';
import { DEFAULT_SIZE_BUDGET, measure } from './size.js';
import type { BuildOptions, BuildResult } from './types.js';

/**
 * Builds the extension in `dir` into an immutable artifact `<out>/<id>/<version>/`:
 * validate the manifest, bundle the source, scan what the bundle registers, hash,
 * and write atomically. Never throws for the user's mistakes: they are in `errors`.
 * @example const result = await build('my-extension', { out: 'artifacts' });
 */
export async function build(dir: string, options: BuildOptions = {}): Promise<BuildResult> {
  const root = resolve(dir);
  const ownStore = options.out === undefined;
  const out = resolve(root, options.out ?? 'artifacts');
  const result: BuildResult = { ok: false, errors: [], warnings: [], validation: null, registrations: [], artifact: null, size: null };

  const project = await readProject(root);
  result.errors.push(...project.errors);
  const validated = readAndValidate(root, options.publisher ?? project.settings.publisher);
  result.validation = validated.report;
  result.errors.push(...validated.errors);
  result.warnings.push(...(validated.report?.warnings ?? []));
  const manifest = validated.manifest;
  if (!manifest || result.errors.length > 0) return result;

  const entryError = checkEntry(manifest.entry);
  const source = findSource(root, project.settings);
  if (entryError) result.errors.push(entryError);
  if ('error' in source) result.errors.push(source.error);
  if (entryError || 'error' in source) return result;

  // Start the scan's worker now so that its start-up overlaps the esbuild build.
  const worker = new ScanWorker(options.scan?.memoryMb);
  const bundled = await bundle(root, source.source, manifest.entry);
  result.warnings.push(...bundled.warnings);
  if (!bundled.ok) {
    worker.dispose();
    result.errors.push(...bundled.errors);
    return result;
  }

  const { size, warning } = measure(bundled.code, options.sizeBudget ?? project.settings.sizeBudget ?? DEFAULT_SIZE_BUDGET);
  result.size = size;
  if (warning) result.warnings.push(warning);

  const timeoutMs = options.scan?.timeoutMs ?? DEFAULT_SCAN_TIMEOUT_MS;
  const code = Buffer.from(bundled.code).toString('utf8');
  const scan = scanReport(await worker.run(code, manifest.entry, timeoutMs), manifest, manifest.entry, code, timeoutMs);
  result.registrations = scan.registrations;
  result.errors.push(...scan.errors);
  result.warnings.push(...scan.warnings);
  if (result.errors.length > 0) return result;

  const contents = new Map<string, Uint8Array>([
    ['manifest.json', Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`)],
    [artifactPath(manifest.entry), bundled.code],
    [`${artifactPath(manifest.entry)}.map`, bundled.map],
  ]);
  const record = makeRecord(manifest.id, manifest.version, project.settings.name, contents);
  const artifactDir = resolve(out, manifest.id, manifest.version);
  const verdict = await inspectStore(out, record, ownStore);
  if (verdict.kind === 'refused') {
    result.errors.push(...verdict.errors);
    return result;
  }
  if (verdict.kind === 'new') {
    try {
      await writeArtifact(out, record, contents);
    } catch (err) {
      result.errors.push({
        code: 'artifact.out_unwritable',
        message: `Cannot write the artifact into ${out}: ${(err as Error).message}. Choose a writable folder with --out.`,
      });
      return result;
    }
  }
  result.artifact = { dir: artifactDir, integrity: record.integrity, files: record.files, unchanged: verdict.kind === 'unchanged' };
  result.ok = true;
  return result;
}
