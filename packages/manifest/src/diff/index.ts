// `@extkit/manifest/diff`: what changes between two versions of an extension, as data (docs/diff.md).
// An entry of its own, so that `extkit validate` never loads it (nor semver).
export { diffManifests } from './diff.js';
export { CHANGES, SECTIONS, type ChangeCode, type ChangeKind, type Section } from './codes.js';
export { parseSource, showSource, SourceIndex, type HostSource, type Reach } from './origins.js';
export type { ChangeSide, DiffSide, Direction, ManifestChange, ManifestDiff, SideSummary } from './types.js';
