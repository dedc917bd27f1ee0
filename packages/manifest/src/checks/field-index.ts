import type { ConfigField } from '../schema.js';

/**
 * The kept config fields by key. Manifests usually have a handful of fields, for
 * which a scan is cheaper than creating and filling a Map on every validation; past
 * SCAN_LIMIT fields (up to 50 are read) it builds the Map once.
 */
export class FieldIndex {
  private static readonly SCAN_LIMIT = 16;
  private readonly fields: ConfigField[] = [];
  private map: Map<string, ConfigField> | undefined;

  add(field: ConfigField): void {
    this.fields.push(field);
    this.map?.set(field.key, field);
  }

  get(key: string): ConfigField | undefined {
    if (this.fields.length <= FieldIndex.SCAN_LIMIT) {
      for (const field of this.fields) if (field.key === key) return field;
      return undefined;
    }
    this.map ??= new Map(this.fields.map((f) => [f.key, f]));
    return this.map.get(key);
  }
}
