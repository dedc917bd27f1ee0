// Maps a stack the frame reported to the extension's sources, through the bundle's source map
// (@jridgewell/trace-mapping): `at load (http://127.0.0.1:5173/__extkit/bundle.js:1:2345)` becomes
// `at load (src/orders.ts:42:7)`. Positions outside the bundle are left as they are.
import { TraceMap, originalPositionFor } from '@jridgewell/trace-mapping';

const BUNDLE_POSITION = /(https?:\/\/[^\s()]+\/__extkit\/bundle\.js):(\d+):(\d+)/g;

/** The stack with every position in the bundle mapped to its source, or as it was where the map has none. */
export function mapStack(stack: string, map: string): string {
  if (map === '' || !stack.includes('/__extkit/bundle.js:')) return stack;
  let tracer: TraceMap;
  try {
    tracer = new TraceMap(map);
  } catch {
    return stack;
  }
  return stack.replace(BUNDLE_POSITION, (whole, _url: string, line: string, column: string) => {
    const pos = originalPositionFor(tracer, { line: Number(line), column: Number(column) - 1 });
    if (pos.source === null || pos.line === null || pos.column === null) return whole;
    return `${pos.source.replace(/^(\.\.\/)+/, '')}:${pos.line}:${pos.column + 1}`;
  });
}
