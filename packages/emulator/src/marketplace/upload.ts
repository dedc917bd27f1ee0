// An uploaded artifact: its files written to a private temporary folder, so that the
// server re-hashes it with the very check `extkit verify` runs and scans its bundle as
// `extkit build` does. Paths are held to the artifact rules before anything is written.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { artifactPathsProblem, shownPath, writeNoFollow } from '@extkit/bundler';
import { Refusal } from './refusals.js';

/** At most this many files in one artifact (a bundle, its map, manifest.json, artifact.json and room to spare). */
export const MAX_ARTIFACT_FILES = 64;

/** Reads `{ files: { <path>: <base64> }, changelog?, dryRun? }`, or refuses with `publish.upload_invalid`. */
export function parseUpload(body: unknown): { files: Map<string, Buffer>; changelog: string | null; dryRun: boolean } {
  const bad = (why: string): Refusal =>
    new Refusal(
      'publish.upload_invalid',
      `The upload is not an artifact: ${why}. Send { "files": { "<path>": "<base64>" }, "changelog": "..." } holding artifact.json, manifest.json and what artifact.json lists.`,
    );
  const b = body as { files?: unknown; changelog?: unknown; dryRun?: unknown } | null;
  if (!b || typeof b !== 'object' || Array.isArray(b)) throw bad('the body is not a JSON object');
  if (!b.files || typeof b.files !== 'object' || Array.isArray(b.files))
    throw bad('"files" is missing or not an object');
  const entries = Object.entries(b.files as Record<string, unknown>);
  if (entries.length > MAX_ARTIFACT_FILES)
    throw bad(`it holds ${entries.length} files, more than ${MAX_ARTIFACT_FILES}`);
  // The artifact path rule of extkit verify (@extkit/bundler), before anything is written.
  const unsafe = artifactPathsProblem(entries.map(([path]) => path));
  if (unsafe) throw bad(`${shownPath(unsafe.path)} is not an artifact path: ${unsafe.problem}`);
  const files = new Map<string, Buffer>();
  for (const [path, data] of entries) {
    if (typeof data !== 'string' || !/^[A-Za-z0-9+/]*={0,2}$/.test(data)) throw bad(`${path} is not base64 text`);
    files.set(path, Buffer.from(data, 'base64'));
  }
  for (const need of ['artifact.json', 'manifest.json']) if (!files.has(need)) throw bad(`it has no ${need}`);
  if (b.changelog !== undefined && b.changelog !== null && typeof b.changelog !== 'string')
    throw bad('"changelog" is not a string');
  if (b.dryRun !== undefined && typeof b.dryRun !== 'boolean') throw bad('"dryRun" is not true or false');
  const changelog = typeof b.changelog === 'string' ? b.changelog.slice(0, 10_000) : null;
  return { files, changelog, dryRun: b.dryRun === true };
}

/** Runs `fn` on the files written to a fresh temporary folder, removed afterwards whatever happens. */
export async function withUploadFolder<T>(
  files: ReadonlyMap<string, Buffer>,
  fn: (dir: string) => Promise<T>,
): Promise<T> {
  const dir = await mkdtemp(join(tmpdir(), 'extkit-publish-'));
  try {
    for (const [path, bytes] of files) {
      try {
        await writeNoFollow(dir, join(dir, path), bytes, { exclusive: true });
      } catch {
        // "a" and "a/b" both uploaded: one names a file the other needs as a folder.
        throw new Refusal(
          'publish.upload_invalid',
          `The upload is not an artifact: ${JSON.stringify(path)} collides with another path of the upload.`,
        );
      }
    }
    return await fn(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
