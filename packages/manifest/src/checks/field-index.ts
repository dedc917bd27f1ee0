import type { ConfigField } from '../schema.js';

/**
 * The kept config fields by key. Manifests usually have a handful of fields, for which
 * a scan is cheaper than creating and filling a Map on every validation; past SCAN_LIMIT
 * fields (the count is known up front, and up to 50 are read) it keeps a Map as well.
 */
export class FieldIndex {
  private static readonly SCAN_LIMIT = 16;
  private readonly list: ConfigField[] = [];
  private readonly map: Map<string, ConfigField> | undefined;
  private cursor = 0;

  constructor(expected: number) {
    if (expected > FieldIndex.SCAN_LIMIT) this.map = new Map();
  }

  /** The kept fields, in order. */
  get fields(): readonly ConfigField[] {
    return this.list;
  }

  add(field: ConfigField): void {
    this.list.push(field);
    this.map?.set(field.key, field);
  }

  get(key: string): ConfigField | undefined {
    if (this.map !== undefined) return this.map.get(key);
    for (const field of this.list) if (field.key === key) return field;
    return undefined;
  }

  /** Like get, for keys that usually come in the fields' order (defaults): the field after the last one found is tried first. */
  next(key: string): ConfigField | undefined {
    let field = this.list[this.cursor];
    if (field === undefined || field.key !== key) {
      field = this.get(key);
      if (field === undefined) return undefined;
      this.cursor = this.list.indexOf(field);
    }
    this.cursor++;
    return field;
  }
}
