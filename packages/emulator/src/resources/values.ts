// Record values against a dataset's model (000 §2 Record). The model's internal shape is
// "not shown"; the kit reads `{ <fieldId>: { type, required?, maxLength?, pattern?, min?,
// max?, options? } }` with type text, number, integer, boolean, timestamp, coordinates,
// reference, enum or map. A dataset without a model types its `fields` as free values.

export interface FieldModel {
  type?: string;
  required?: boolean;
  maxLength?: number;
  pattern?: string;
  min?: number;
  max?: number;
  options?: unknown[];
}

export type Model = Record<string, FieldModel>;

/** The model's fields, or the dataset's field ids as untyped fields when it has none. */
export function modelFor(dataset: Record<string, unknown>): Model {
  const model = dataset.__model as Record<string, unknown> | null | undefined;
  if (model && typeof model === 'object') {
    const out: Model = {};
    for (const [id, spec] of Object.entries(model)) out[id] = typeof spec === 'object' && spec !== null ? spec : {};
    return out;
  }
  return Object.fromEntries(((dataset.fields as string[]) ?? []).map((f) => [f, {}]));
}

const recordIdPattern = /^[A-Za-z0-9_-]{1,64}$/;

/** One value coerced to its field's type, or the reason it is refused. */
function coerce(value: unknown, field: FieldModel): { value: unknown } | { error: string } {
  switch (field.type) {
    case 'integer':
    case 'number': {
      const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
      if (typeof n !== 'number' || !Number.isFinite(n)) return { error: `must be a ${field.type}` };
      if (field.type === 'integer' && !Number.isInteger(n)) return { error: 'must be a whole number' };
      if (field.min !== undefined && n < field.min) return { error: `must be at least ${field.min}` };
      if (field.max !== undefined && n > field.max) return { error: `must be at most ${field.max}` };
      return { value: n };
    }
    case 'boolean':
      if (value === true || value === 'true') return { value: true };
      if (value === false || value === 'false') return { value: false };
      return { error: 'must be true or false' };
    case 'timestamp': {
      const ms = typeof value === 'number' ? value : typeof value === 'string' ? Date.parse(value) : NaN;
      if (!Number.isFinite(ms)) return { error: 'must be a date or an epoch time in ms' };
      return { value: ms };
    }
    case 'coordinates': {
      let lat: unknown;
      let lng: unknown;
      if (typeof value === 'string') [lat, lng] = value.split(',').map((p) => Number(p.trim()));
      else if (typeof value === 'object' && value !== null && 'latitude' in value && 'longitude' in value)
        ({ latitude: lat, longitude: lng } = value);
      if (
        typeof lat !== 'number' ||
        typeof lng !== 'number' ||
        !Number.isFinite(lat) ||
        !Number.isFinite(lng) ||
        Math.abs(lat) > 90 ||
        Math.abs(lng) > 180
      ) {
        return { error: 'must be "lat,lng" or {latitude, longitude} within +-90 / +-180' };
      }
      return { value: { latitude: lat, longitude: lng } };
    }
    case 'reference': {
      const ok = (v: unknown): boolean => typeof v === 'string' && recordIdPattern.test(v);
      if (ok(value) || (Array.isArray(value) && value.every(ok))) return { value };
      return { error: 'must be a record id or a list of record ids' };
    }
    case 'enum':
      if (Array.isArray(field.options) && !field.options.includes(value))
        return { error: `must be one of ${field.options.join(', ')}` };
      return { value };
    case 'text': {
      if (typeof value !== 'string') return { error: 'must be text' };
      if (field.maxLength !== undefined && value.length > field.maxLength)
        return { error: `must be at most ${field.maxLength} characters` };
      if (field.pattern !== undefined && !safeTest(field.pattern, value))
        return { error: `must match ${field.pattern}` };
      return { value };
    }
    default:
      return { value };
  }
}

function safeTest(pattern: string, value: string): boolean {
  try {
    return new RegExp(pattern, 'u').test(value);
  } catch {
    return true;
  }
}

/**
 * `values` merged over `stored`: unknown field ids dropped, strings coerced, null or ''
 * ignored (they cannot unset a stored value); then required fields checked.
 */
export function applyValues(
  model: Model,
  stored: Record<string, unknown>,
  values: unknown,
): { values: Record<string, unknown> } | { errors: Record<string, string> } {
  const out = { ...stored };
  const errors: Record<string, string> = {};
  if (values !== undefined && values !== null && (typeof values !== 'object' || Array.isArray(values)))
    return { errors: { values: 'must be an object' } };
  for (const [id, raw] of Object.entries((values as Record<string, unknown>) ?? {})) {
    const field = model[id];
    if (!field || raw === null || raw === '' || raw === undefined) continue;
    const r = coerce(raw, field);
    if ('error' in r) errors[id] = r.error;
    else out[id] = r.value;
  }
  for (const [id, field] of Object.entries(model))
    if (field.required && out[id] === undefined && !errors[id]) errors[id] = 'is required';
  return Object.keys(errors).length > 0 ? { errors } : { values: out };
}
