import { posix, resolve } from 'node:path';
import { makeRecord } from './artifact/record.js';
import { putArtifact } from './artifact/store.js';
import { replaceWatchArtifact, watchPath } from './artifact/watch-store.js';
import { artifactPath, checkEntry } from './entry.js';
import { ESBUILD_PATH, esbuildOptions, sourceRelocation } from './esbuild.js';
import { bundleOutcome, contributors } from './outputs.js';
import { writeAnalysis } from './analyze.js';
import { peekEntry, readManifestBytes, validateBytes } from './manifest.js';
import { findSource, readProject } from './project.js';
import { takeBuildWorker, type ScanWorker, type BuildJob } from './scan/run.js';
import { DEFAULT_SCAN_TIMEOUT_MS, failureDiagnostic, scanReport } from './scan/scan.js';
import { DEFAULT_SIZE_BUDGET, measure } from './size.js';
import type { BuildOptions, BuildResult } from './types.js';

interface Job extends BuildJob {
  entry: string;
  worker: ScanWorker;
}

/**
 * Builds the extension in `dir` into an immutable artifact `<out>/<id>/<version>/`:
 * validate the manifest, bundle the source, scan what the bundle registers, hash,
 * and write atomically. Never throws for the user's mistakes: they are in `errors`.
 * @example const result = await build('my-extension', { out: 'artifacts' });
 */
export async function build(dir: string, options: BuildOptions = {}): Promise<BuildResult> {
  const root = resolve(dir);
  const out = resolve(root, options.out ?? 'artifacts');
  const timeoutMs = options.scan?.timeoutMs ?? DEFAULT_SCAN_TIMEOUT_MS;
  const sourcesContent = options.sourcesContent ?? true;
  const result: BuildResult = {
    ok: false,
    errors: [],
    warnings: [],
    validation: null,
    registrations: [],
    artifact: null,
    size: null,
  };

  const project = await readProject(root);
  append(result.errors, project.errors);
  const read = await readManifestBytes(root);
  if ('error' in read) {
    result.errors.push(read.error);
    return result;
  }
  const source = findSource(root, project.settings);
  const start = (entry: string, from: string): Job => {
    const worker = takeBuildWorker(options.scan?.memoryMb);
    return {
      entry,
      worker,
      ...worker.buildAndRun(ESBUILD_PATH, esbuildOptions(root, from, entry, { sourcesContent }), entry, timeoutMs),
    };
  };
  // Bundling starts from the unvalidated entry, off the main thread, while the
  // validator loads and runs; an invalid manifest discards it unseen.
  const early = peekEntry(read.bytes);
  let job = early !== null && checkEntry(early) === null && 'source' in source ? start(early, source.source) : null;
  try {
    const validated = await validateBytes(
      read.bytes,
      options.publisher ?? project.settings.publisher,
      project.settings.ignore,
      project.settings.api,
    );
    result.validation = validated.report;
    append(result.errors, validated.errors);
    append(result.warnings, validated.report.warnings);
    const manifest = validated.manifest;
    if (!manifest || result.errors.length > 0) return result;

    const entryError = checkEntry(manifest.entry);
    if (entryError) result.errors.push(entryError);
    if ('error' in source) result.errors.push(source.error);
    if (entryError || 'error' in source) return result;
    if (job?.entry !== manifest.entry) {
      job?.worker.dispose();
      job = start(manifest.entry, source.source);
    }

    const built = await job.built;
    if (built.type === 'failed') {
      result.errors.push(failureDiagnostic(built.outcome, manifest.entry, { code: '' }, timeoutMs));
      return result;
    }
    const bundled = bundleOutcome(built, root, manifest.entry);
    append(result.warnings, bundled.warnings);
    const inputs = bundled.metafile ? contributors(bundled.metafile, root) : [];
    // The analysis goes beside the version it describes: once that version is stored, or when the bundle itself is refused (too large), when it is most needed.
    const metafile = bundled.metafile;
    const analyze = async (): Promise<void> => {
      if (!options.analyze || !metafile) return;
      const written = await writeAnalysis(out, manifest.id, manifest.version, options.watch === true, metafile, inputs);
      if (written && 'refused' in written) {
        result.errors.push(written.refused);
        result.ok = false;
      } else result.analysis = written;
    };
    if (!bundled.ok) {
      append(result.errors, bundled.errors);
      if (bundled.errors.some((e) => e.code === 'build.asset_too_large')) await analyze();
      return result;
    }
    const budget = options.sizeBudget ?? project.settings.sizeBudget;
    const measured = measure(
      bundled.code,
      budget === undefined ? { gzip: DEFAULT_SIZE_BUDGET, enforced: false } : { gzip: budget, enforced: true },
      { css: bundled.cssBytes, assets: bundled.assetBytes, top: inputs },
    );
    result.size = measured.size;
    if (measured.diagnostic) (measured.size.enforced ? result.errors : result.warnings).push(measured.diagnostic);

    // The scan process placed a failure through esbuild's own map; its sources get the artifact map's names.
    const bundleText = {
      code: Buffer.from(bundled.code).toString('utf8'),
      map: { dir: posix.dirname(artifactPath(manifest.entry)), rename: sourceRelocation(root, manifest.entry) },
    };
    const scan = scanReport(await job.scanned, manifest, manifest.entry, bundleText, timeoutMs);
    result.registrations = scan.registrations;
    append(result.errors, scan.errors);
    append(result.warnings, scan.warnings);
    if (result.errors.length > 0) {
      if (result.errors.some((e) => e.code === 'build.size_budget')) await analyze();
      return result;
    }

    const entryPath = artifactPath(manifest.entry);
    const contents = new Map<string, Uint8Array>([
      ['manifest.json', Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`)],
      [entryPath, bundled.code],
      [`${entryPath}.map`, bundled.map],
    ]);
    const record = makeRecord(manifest.id, manifest.version, project.settings.name, contents, { sourcesContent });
    // A watch build replaces its own folder beside the store; the store's versions stay immutable.
    const put = options.watch
      ? await replaceWatchArtifact(out, record, contents)
      : await putArtifact(out, record, contents, options.out === undefined);
    if (put.kind === 'refused') {
      append(result.errors, put.errors);
      return result;
    }
    const unchanged = put.kind === 'unchanged';
    result.artifact = {
      dir: options.watch ? watchPath(out, manifest.id) : resolve(out, manifest.id, manifest.version),
      integrity: record.integrity,
      files: record.files,
      unchanged,
      ...(put.kind === 'replaced' ? { replaced: { previous: put.previous } } : {}),
    };
    result.ok = true;
    await analyze();
    return result;
  } finally {
    job?.worker.dispose();
  }
}

/** Appends `items` to `list` one by one: `push(...items)` passes an argument per item, and a manifest's 130,000 findings overflow the stack. */
function append<T>(list: T[], items: readonly T[]): void {
  for (const item of items) list.push(item);
}
