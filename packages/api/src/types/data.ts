// Datasets and records (document 1, sections 2 and 4). Both write bodies are
// open: the server reads the documented members and ignores the rest.

/** A dataset: a named set of field ids. The typed model is accepted on write, never returned. */
export interface Dataset {
  id: string;
  object: 'dataset';
  /** Empty string when unset. */
  name: string;
  /** Field ids in the dataset's model. */
  fields: string[];
  created: string | null;
}

export interface DatasetCreateParams {
  /** Trimmed, truncated to 120 characters. */
  name: string;
  /** Blanks dropped, at most 100 kept; an empty result is refused. */
  fields: string[];
  /** Typed model, passed through; an object serializing under 64 KB. */
  model?: Record<string, unknown>;
}

/** Omitted keys are left alone; `fields` is replaced wholesale and may not be empty. */
export interface DatasetUpdateParams {
  name?: string;
  fields?: string[];
  model?: Record<string, unknown>;
}

/** A value a record holds for one field; timestamps come back as epoch milliseconds. */
export type RecordValue = unknown;

/** A record of a dataset. */
export interface DatasetRecord {
  /** Opaque 10-character string, no prefix. */
  id: string;
  object: 'record';
  /** Field id to value; only fields the dataset's model defines. */
  values: Record<string, RecordValue>;
  created: string;
  updated: string;
}

export interface RecordCreateParams {
  /** Omitted or empty creates an empty record (subject to the model's required fields). */
  values?: Record<string, RecordValue>;
}

/** Merged shallowly; null or an empty string drops the key and cannot unset a stored value. */
export interface RecordUpdateParams {
  values: Record<string, RecordValue>;
}
