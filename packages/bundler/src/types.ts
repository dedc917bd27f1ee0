import type { ContributionKind } from '@extkit/runtime';
import type { ValidationReport } from '@extkit/manifest';

// The public types of @extkit/bundler, in one place (after esbuild's lib/shared/types.ts).
// Every diagnostic is data: a stable `code` (docs/build.md), a message for a person,
// and where it points: a JSON Pointer into manifest.json (`path`) or a file position.

/** A position in a file, as esbuild gives it: 1-based line, 0-based column, the line's text. */
export interface Location {
  file: string;
  line: number;
  column: number;
  lineText: string;
}

/** One error or warning of a build, scan or verify; its severity is the list it is in. */
export interface Diagnostic {
  /** Stable code, e.g. `scan.undeclared_registration`; see docs/build.md. */
  code: string;
  /** What is wrong and what to do, written for a person. */
  message: string;
  /** JSON Pointer into manifest.json, when the diagnostic is about the manifest. */
  path?: string;
  /** File position, when the diagnostic is about a source file or the bundle. */
  location?: Location;
}

/** A contribution kind, in the runtime's words. */
export type { ContributionKind };

/** One thing the bundle registered while it was scanned. */
export interface Registration {
  kind: ContributionKind;
  id: string;
}

/** The parts of a manifest the bundler reads; `Manifest` from @extkit/manifest satisfies it. */
export interface ManifestLike {
  id: string;
  version: string;
  entry: string;
  hostAbi: number;
  contributes?: {
    site?: { components?: string[]; features?: string[] };
    console?: { slots?: string[]; routes?: string[]; orgRoutes?: string[]; shell?: boolean };
  };
}

/** What the scan found: registrations in order, errors and warnings against `contributes`. */
export interface ScanResult {
  registrations: Registration[];
  errors: Diagnostic[];
  warnings: Diagnostic[];
}

/** Limits of the scan's isolated context. */
export interface ScanOptions {
  /** Wall-clock limit of the whole scan in milliseconds (default 2000). */
  timeoutMs?: number;
  /** Heap limit of the scan's worker in MiB (default 128). */
  memoryMb?: number;
}

/** One file of an artifact, as artifact.json lists it. */
export interface ArtifactFile {
  /** Path inside the artifact, `/`-separated. */
  path: string;
  size: number;
  /** Lowercase hex sha256 of the file's bytes. */
  sha256: string;
}

/** artifact.json: what the artifact holds and the integrity an install pins (docs/artifacts.md). */
export interface ArtifactRecord {
  /** The record's format, which names its integrity's canonical form: 2 (written now) or 1 (older records, still read). */
  artifact: 1 | 2;
  id: string;
  version: string;
  /** The extension this artifact was built from: its package.json name, or null. */
  source: { package: string | null };
  files: ArtifactFile[];
  /** `sha256-<base64>` over the canonical listing of `files` in the record's format. */
  integrity: string;
  /** How the artifact was built: whether its source map carries the sources' text. Absent in records written before it existed. */
  build?: { sourcesContent: boolean };
}

/** Bundle size in bytes, raw and gzipped (stylesheet and inlined assets included), and the gzip budget it is held to. */
export interface BundleSize {
  raw: number;
  gzip: number;
  budget: number;
  /** True when the budget is the project's (over it fails the build); false for the kit's default (a warning). */
  enforced: boolean;
  /** Bytes of the stylesheet the bundle carries. */
  css: number;
  /** Bytes of the images and fonts inlined into it (as data URLs). */
  assets: number;
  /** The largest inputs by bytes in the bundle (before gzip), at most 10. */
  top: Array<{ path: string; bytes: number }>;
}

/** Options of `build`. Every one has a default, so `build(dir)` builds. */
export interface BuildOptions {
  /** The artifact store; default `<dir>/artifacts`. */
  out?: string;
  /** Gzip size budget in bytes, enforced (over it fails); default package.json `extkit.budget.gzip`, else a 64 KiB warning. */
  sizeBudget?: number;
  /** Keep the sources' text in the source map (`sourcesContent`); default true. */
  sourcesContent?: boolean;
  /** Write the artifact to `<out>/.watch/<id>`, replacing the last one there, instead of into the store (`build --watch`). */
  watch?: boolean;
  /** Write esbuild's metafile beside the artifact, `<out>/<id>/<version>.meta.json`, and report every input's bytes. */
  analyze?: boolean;
  /** Publisher handle for component namespaces; default package.json `extkit.publisher`. */
  publisher?: string;
  /** Limits of the scan. */
  scan?: ScanOptions;
}

/** What `build` did: the validation report, the scan's registrations, the artifact and its size. */
export interface BuildResult {
  /** True when an artifact is in the store (written now, or already there with the same integrity). */
  ok: boolean;
  /** Every error and warning, the validator's included. */
  errors: Diagnostic[];
  warnings: Diagnostic[];
  /** The validator's report (@extkit/manifest); null when manifest.json could not be read. */
  validation: ValidationReport | null;
  registrations: Registration[];
  /** The artifact, when one is in the store. */
  artifact: {
    /** Absolute path of `<out>/<id>/<version>`. */
    dir: string;
    integrity: string;
    files: ArtifactFile[];
    /** True when the same artifact was already in the store and nothing was written. */
    unchanged: boolean;
    /** Present when the build replaced a draft of this version (never published from this store): the draft's integrity. */
    replaced?: { previous: string | null };
  } | null;
  size: BundleSize | null;
  /** With `analyze`: where the metafile was written and every input by bytes in the bundle, largest first. */
  analysis?: { metafile: string; inputs: Array<{ path: string; bytes: number }> } | null;
}
