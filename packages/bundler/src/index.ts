export { build } from './build.js';
export { watchBuild, type BuildWatcher } from './watch.js';
export { scanBundle, DEFAULT_SCAN_TIMEOUT_MS } from './scan/scan.js';
export { verify, type VerifyOptions, type VerifyResult } from './verify.js';
export { readDiffInput, type DiffInput, type ReadDiffInputResult } from './diff-input.js';
export { sign, defaultSignaturePath, type SignResult } from './sign.js';
export { decideLoad, type LoadDecision, type LoadInput, type LoadReason } from './policy.js';
export {
  signIntegrity,
  signatureHolds,
  keyIdOf,
  parseSignature,
  type PublicKeyInput,
  type SignatureFile,
} from './trust/signature.js';
export { parseRevocations, type Revocations } from './trust/revocations.js';
export { canonicalListing, integrityOf, RECORD_FORMAT, type RecordFormat } from './artifact/hash.js';
export { artifactPathProblem, artifactPathsProblem, isArtifactPath, shownPath } from './artifact/path.js';
export {
  folderInside,
  LinkRefusal,
  OutsideRefusal,
  readNoFollow,
  removeNoFollow,
  writeNoFollow,
} from './artifact/no-follow.js';
export { LISTING_ID } from './trust/revocations.js';
export { markPublished, publishedMark, type PublishedMark } from './artifact/published.js';
export { DEFAULT_SIZE_BUDGET } from './size.js';
export { esbuildOptions, kitNotes } from './esbuild.js';
export { takeOutputs, type Contributor } from './outputs.js';
export { ASSET_EXTENSIONS, ASSET_INLINE_LIMIT } from './assets.js';
export { parseSize } from './size.js';
export { readProject, findSource, SOURCE_CANDIDATES, type ProjectSettings } from './project.js';
export { formatDiagnostic, formatDiagnostics, type FormatOptions } from './format.js';
export type {
  ArtifactFile,
  ArtifactRecord,
  BuildOptions,
  BuildResult,
  BundleSize,
  ContributionKind,
  Diagnostic,
  Location,
  ManifestLike,
  Registration,
  ScanOptions,
  ScanResult,
} from './types.js';
