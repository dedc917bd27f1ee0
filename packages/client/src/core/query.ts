/** A query parameter value; undefined, null and '' mean the filter is absent. */
export type QueryValue = string | number | boolean | Date | null | undefined;

/** `?a=1&b=x`, skipping absent values; Dates are sent as ISO strings, booleans as `true`/`false`. */
export function queryString(params: object | undefined): string {
  if (!params) return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params) as [string, QueryValue][]) {
    if (value === undefined || value === null || value === '') continue;
    search.append(key, value instanceof Date ? value.toISOString() : String(value));
  }
  const s = search.toString();
  return s ? `?${s}` : '';
}

/** One path segment, percent-encoded so that an id can never change the path. */
export const seg = (id: string): string => encodeURIComponent(id);
