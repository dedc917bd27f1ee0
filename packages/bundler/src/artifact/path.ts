// The artifact path rule is authored once, beside the manifest's `entry` rule that applies it
// (an entry is an artifact path): @extkit/manifest/artifact-path.
export {
  MAX_PATH,
  artifactPathProblem,
  artifactPathsProblem,
  isArtifactPath,
  shownPath,
} from '@extkit/manifest/artifact-path';
