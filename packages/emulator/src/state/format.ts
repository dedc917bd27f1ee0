// The export format (docs/emulator.md, State you can keep): a folder of JSON Lines, one file a
// table, and metadata.json, written last, that names the format version and each file's rows and hash.

/** The version this emulator writes; it reads every version up to it and refuses a newer one. */
export const formatVersion = 1;
export const formatKind = 'extkit-emulator-export';
export const metadataFile = 'metadata.json';

/** Every table of the state, parents before children (the order an import inserts), with the columns that order its rows. */
export const stateTables: { name: string; orderBy: string }[] = [
  { name: 'orgs', orderBy: 'id' },
  { name: 'api_keys', orderBy: 'org, key' },
  { name: 'objects', orderBy: 'org, kind, parent, id' },
  { name: 'counters', orderBy: 'name' },
  { name: 'windows', orderBy: 'bucket, start' },
  { name: 'idempotency', orderBy: 'org, op, scope, key' },
  { name: 'meta', orderBy: 'name' },
  { name: 'webhooks', orderBy: 'org' },
  { name: 'mk_publishers', orderBy: 'handle' },
  { name: 'mk_listings', orderBy: 'id' },
  { name: 'mk_versions', orderBy: 'listing, version' },
  { name: 'mk_staff_keys', orderBy: 'key_id' },
  { name: 'mk_installs', orderBy: 'org, site, listing' },
];

export interface Metadata {
  formatVersion: number;
  kind: typeof formatKind;
  exportedAt: string;
  /** The engine it was exported from; any engine imports it. */
  engine: string;
  /** Schema migrations applied when it was written. */
  schemaVersion: number;
  tables: Record<string, { file: string; rows: number; sha256: string }>;
  /** The process's own state: inbound hooks and taken-down digests (the clock is not kept). */
  process: { hooks: { hostId: string; hookId: string; secret: string }[]; takedowns: string[] };
}

export interface Snapshot {
  metadata: Metadata;
  tables: Record<string, Record<string, unknown>[]>;
}

/** A refusal of an export or an import, with a stable code (`state.*`) and the next step in its message. */
export class StateError extends Error {
  readonly code: string;
  constructor(code: string, message: string) {
    super(message);
    this.name = 'StateError';
    this.code = code;
  }
}
