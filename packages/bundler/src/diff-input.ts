// One side of `extkit diff` read from disk: an artifact folder (re-hashed as `extkit verify`
// does; a tampered one is refused) or a manifest file (validated as `extkit validate` does;
// an invalid one is refused, since the platform never publishes it). Either way the diff gets
// the normalized manifest, what the platform would run. A published version from a marketplace
// is one more source of the same DiffInput (docs/diff.md, "Inputs").
import { lstat, readFile, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { diagnosticPositions, parseManifestText, validateManifest } from '@extkit/manifest';
import type { DiffSide } from '@extkit/manifest/diff';
import { checkArtifact } from './artifact/check.js';
import { RECORD_FILE } from './artifact/record.js';
import type { Diagnostic } from './types.js';

/** One side of a diff as read: what it is, where, and its manifest (and bundle size, for an artifact). */
export interface DiffInput {
  /** `published`: an artifact downloaded from a marketplace (the caller fetches it; it is read as an artifact folder). */
  kind: 'artifact' | 'manifest' | 'published';
  /** The absolute path read, or `<listing>@<version>` for a published one. */
  path: string;
  side: DiffSide;
  /** The artifact's integrity (recomputed, and equal to the recorded one); null for a manifest file. */
  integrity: string | null;
  /** The validator's warnings about the manifest. */
  warnings: Diagnostic[];
}

export type ReadDiffInputResult = { ok: true; input: DiffInput } | { ok: false; errors: Diagnostic[] };

const fail = (code: string, message: string, more: Diagnostic[] = []): ReadDiffInputResult => ({
  ok: false,
  errors: [{ code, message }, ...more],
});

/**
 * Reads one side of a diff: an artifact folder (`<out>/<id>/<version>`) or a manifest file.
 * Never throws for what is on disk: a missing path, a folder that is no artifact, a tampered
 * artifact and an invalid manifest come back as errors with codes.
 * @example const r = await readDiffInput('artifacts/order-map/1.0.0'); if (r.ok) r.input.side
 */
export async function readDiffInput(path: string): Promise<ReadDiffInputResult> {
  const abs = resolve(path);
  const st = await lstat(abs).catch(() => null);
  if (!st)
    return fail(
      'diff.not_found',
      `${path}: no such file or folder; give an artifact folder (<out>/<id>/<version>) or a manifest.json`,
    );
  if (st.isDirectory()) return readArtifact(path, abs);
  // A manifest file may be a link (it is only read); an artifact folder never is (as extkit verify).
  const target = st.isSymbolicLink() ? await stat(abs).catch(() => null) : st;
  if (!target?.isFile())
    return fail(
      'diff.not_artifact',
      `${path} is neither an artifact folder nor a file${st.isSymbolicLink() ? ' (a symbolic link to a folder is never followed: name the folder itself)' : ''}; give an artifact folder (<out>/<id>/<version>) or a manifest.json`,
    );
  const manifest = await readValid(path, abs);
  if ('errors' in manifest) return { ok: false, errors: manifest.errors };
  return {
    ok: true,
    input: {
      kind: 'manifest',
      path: abs,
      side: { manifest: manifest.value },
      integrity: null,
      warnings: manifest.warnings,
    },
  };
}

async function readArtifact(path: string, abs: string): Promise<ReadDiffInputResult> {
  const checked = await checkArtifact(abs);
  if (!checked.record) {
    const source = await lstat(join(abs, 'manifest.json'))
      .then((s) => s.isFile())
      .catch(() => false);
    const hint = source
      ? `; to compare the manifest in it, name the file (${join(path, 'manifest.json')}), or run extkit build to make an artifact`
      : '';
    const why = checked.errors[0]?.message ?? `no ${RECORD_FILE}`;
    return fail(
      'diff.not_artifact',
      `${path} is not an artifact folder (<out>/<id>/<version>, as extkit build writes it): ${why}${hint}`,
    );
  }
  if (checked.errors.length > 0) {
    return fail(
      'diff.artifact_tampered',
      `${path} fails verification: its files are not what ${RECORD_FILE} records, so the diff would describe bytes nobody built or published (extkit verify ${path} says the same)`,
      checked.errors,
    );
  }
  const file = join(abs, 'manifest.json');
  const manifest = await readValid(join(path, 'manifest.json'), file);
  if ('errors' in manifest) return { ok: false, errors: manifest.errors };
  const m = manifest.value as { id: string; version: string; entry: string };
  const { record } = checked;
  if (m.id !== record.id || m.version !== record.version) {
    return fail(
      'diff.artifact_mismatch',
      `${path}: manifest.json says ${m.id}@${m.version}, ${RECORD_FILE} says ${record.id}@${record.version}`,
    );
  }
  const listed = record.files.find((f) => f.path === m.entry);
  if (!listed)
    return fail(
      'diff.artifact_mismatch',
      `${path}: the manifest's entry ${m.entry} is not one of the artifact's files`,
    );
  const bundle = await readFile(join(abs, m.entry));
  return {
    ok: true,
    input: {
      kind: 'artifact',
      path: abs,
      side: { manifest: m, bundle: { raw: bundle.byteLength, gzip: gzipSync(bundle, { level: 9 }).byteLength } },
      integrity: checked.integrity,
      warnings: manifest.warnings,
    },
  };
}

/** A manifest file, parsed and validated; its normalized form, or every error. */
async function readValid(
  shownPath: string,
  file: string,
): Promise<{ value: unknown; warnings: Diagnostic[] } | { errors: Diagnostic[] }> {
  let bytes: Buffer;
  try {
    bytes = await readFile(file);
  } catch (err) {
    return { errors: [{ code: 'diff.not_found', message: `cannot read ${shownPath}: ${(err as Error).message}` }] };
  }
  const parsed = parseManifestText(bytes);
  if (!parsed.ok)
    return {
      errors: [
        { code: 'diff.manifest_invalid', message: `${shownPath} is not a manifest: it is not JSON` },
        ...located(bytes, shownPath, [parsed.diagnostic]),
      ],
    };
  const report = validateManifest(parsed.value);
  if (!report.valid) {
    const message = `${shownPath} is not a valid manifest (${report.errors.length} error${report.errors.length === 1 ? '' : 's'}); the platform never publishes it, so there is no version to compare: extkit validate ${shownPath} shows each`;
    return { errors: [{ code: 'diff.manifest_invalid', message }, ...located(bytes, shownPath, report.errors)] };
  }
  // The publisher's namespace is the build's and the publish's to check; a diff has no publisher to give.
  return {
    value: report.manifest,
    warnings: [...parsed.warnings, ...report.warnings.filter((w) => w.code !== 'publisher.unknown')],
  };
}

/** The validator's findings in a file, each with the file as the user named it and its line and column (0-based, as the bundler's locations are). */
function located(
  bytes: Buffer,
  shownPath: string,
  diagnostics: Array<{ code: string; path: string; message: string; line?: number; column?: number }>,
): Diagnostic[] {
  let text = bytes.toString('utf8');
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  const lines = text.split(/\r?\n/);
  const positions = diagnosticPositions(text, diagnostics);
  return diagnostics.map(({ line: _line, column: _column, ...d }, i) => {
    const at = positions[i];
    return at
      ? {
          ...d,
          location: { file: shownPath, line: at.line, column: at.column - 1, lineText: lines[at.line - 1] ?? '' },
        }
      : d;
  });
}
