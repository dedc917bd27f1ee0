// Maps a position in the bundle back to the extension's source through the
// bundle's source map (v3), so that a scan failure points at the line the
// developer wrote rather than at column 4,000 of a minified line.
import { posix } from 'node:path';
import type { Location } from '../types.js';

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** Decodes one segment's base64 VLQ fields. */
function decodeSegment(segment: string): number[] {
  const values: number[] = [];
  let value = 0;
  let shift = 0;
  for (const ch of segment) {
    const digit = BASE64.indexOf(ch);
    if (digit < 0) return [];
    value += (digit & 31) * 2 ** shift;
    if (digit & 32) {
      shift += 5;
      continue;
    }
    values.push(value & 1 ? -(value - 1) / 2 : value / 2);
    value = 0;
    shift = 0;
  }
  return values;
}

/** True when a map source names a package's file `<name>@<version>/...`, as the build writes them (relocateSources). */
export function isPackageSource(source: string): boolean {
  return /^(@[^/@]+\/)?[^/@.][^/@]*@[^/]+\//.test(source);
}

/**
 * The source position of a bundle position (1-based line, 0-based column), as a
 * Location whose `file` is relative to the extension folder; null when the map
 * does not cover it. `mapDir` is the map's folder relative to the extension (e.g. "dist").
 */
export function originalLocation(mapText: string, mapDir: string, line: number, column: number): Location | null {
  let map: { sources?: unknown; sourcesContent?: unknown; mappings?: unknown };
  try {
    map = JSON.parse(mapText) as typeof map;
  } catch {
    return null;
  }
  if (!Array.isArray(map.sources) || typeof map.mappings !== 'string') return null;
  const state = [0, 0, 0, 0];
  let found: number[] | null = null;
  const lines = map.mappings.split(';');
  for (let l = 0; l < Math.min(line, lines.length); l++) {
    state[0] = 0;
    for (const segment of lines[l]!.split(',')) {
      if (!segment) continue;
      const fields = decodeSegment(segment);
      for (let i = 0; i < fields.length && i < 4; i++) state[i]! += fields[i]!;
      if (l === line - 1 && fields.length >= 4 && state[0] <= column) found = [...state];
    }
  }
  if (!found) return null;
  const [, sourceIndex, origLine, origColumn] = found as [number, number, number, number];
  const source = map.sources[sourceIndex];
  if (typeof source !== 'string') return null;
  const content = Array.isArray(map.sourcesContent) ? map.sourcesContent[sourceIndex] : undefined;
  const lineText = typeof content === 'string' ? (content.split(/\r?\n/)[origLine] ?? '') : '';
  return {
    file: isPackageSource(source) ? source : posix.join(mapDir, source),
    line: origLine + 1,
    column: origColumn,
    lineText,
  };
}
