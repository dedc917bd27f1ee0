// Where a scan failure is in the extension's source: the scan process maps the
// bundle positions of a failure's stack through the bundle's source map (v3) with
// @jridgewell/trace-mapping (worker.ts), inside the scan's limits; this names the
// file relative to the extension folder, so that a failure points at the line the
// developer wrote rather than at column 4,000 of a minified line.
import { posix } from 'node:path';
import type { SourcePosition } from './worker.js';
import type { Location } from '../types.js';

/** True when a map source names a package's file `<name>@<version>/...`, as the build writes them (relocateSources). */
export function isPackageSource(source: string): boolean {
  return /^(@[^/@]+\/)?[^/@.][^/@]*@[^/]+\//.test(source);
}

/** A mapped position as a Location whose `file` is relative to the extension folder; `mapDir` is the map's folder there (e.g. "dist"). */
export function sourceLocation(position: SourcePosition, mapDir: string): Location {
  return {
    file: isPackageSource(position.source) ? position.source : posix.join(mapDir, position.source),
    line: position.line,
    column: position.column,
    lineText: position.lineText,
  };
}
