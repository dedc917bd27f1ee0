import type { ConfigField } from '../schema.js';

/**
 * The kept config fields by key. Manifests usually have a handful of fields, for
 * which a scan is cheaper than creating and filling a Map on every validation; past
 * SCAN_LIMIT fields (up to 50 are read) it builds the Map once.
 */
export class FieldIndex {
  private static readonly SCAN_LIMIT = 16;
  private readonly list: ConfigField[] = [];
  private map: Map<string, ConfigField> | undefined;

  /** The kept fields, in order. */
  get fields(): readonly ConfigField[] {
    return this.list;
  }

  add(field: ConfigField): void {
    this.list.push(field);
    this.map?.set(field.key, field);
  }

  get(key: string): ConfigField | undefined {
    if (this.list.length <= FieldIndex.SCAN_LIMIT) {
      for (const field of this.list) if (field.key === key) return field;
      return undefined;
    }
    this.map ??= new Map(this.list.map((f) => [f.key, f]));
    return this.map.get(key);
  }
}
