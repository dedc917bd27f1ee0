import type { ChangeCode, Section } from './codes.js';

/** One side of a diff: a manifest (normalized, as an artifact or the marketplace holds it) and, for an artifact, its bundle's size. */
export interface DiffSide {
  manifest: unknown;
  /** Bytes of the bundle (the file `entry` names), when the side is an artifact. */
  bundle?: { raw: number; gzip?: number };
}

/** Where a changed thing is on one side: a JSON Pointer into that side's manifest, and its value there. */
export interface ChangeSide {
  path: string;
  value: unknown;
}

/** One change between two manifests. */
export interface ManifestChange {
  code: ChangeCode;
  section: Section;
  /** In the older manifest; null when the older one does not have it. */
  older: ChangeSide | null;
  /** In the newer manifest; null when the newer one does not have it. */
  newer: ChangeSide | null;
  /** True when the newer version can reach something the older one could not. */
  widens: boolean;
  /** The change, for a person: `adds the origin "https://api.example.com"`. */
  message: string;
  /** Why it widens, or why it does not. */
  reason: string;
}

/** How the newer side's version stands to the older one's, by semver precedence. */
export type Direction = 'upgrade' | 'downgrade' | 'same' | 'unordered';

export interface SideSummary {
  id: string | null;
  version: string | null;
  bundle: DiffSide['bundle'] | null;
}

/** Everything that differs between two versions, and whether the newer reaches further. */
export interface ManifestDiff {
  older: SideSummary;
  newer: SideSummary;
  /** By the two versions' semver precedence; 'unordered' when either is not a version. The diff is always from `older` to `newer`. */
  direction: Direction;
  /** True when any change widens. */
  widens: boolean;
  /** In section order (SECTIONS), then in the manifest's order. */
  changes: ManifestChange[];
}
