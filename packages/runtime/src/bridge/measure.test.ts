// The measure of what crosses the bridge (measure.ts) against values that are cheap to make and cheap to
// measure wrongly: what the clone carries, and what a reader of it walks, is what counts.
import { describe, expect, it } from 'vitest';
import { BRIDGE_BUDGET } from './budget.js';
import { measurer } from './measure.js';

const measure = measurer(structuredClone);
const { messageBytes } = BRIDGE_BUDGET;
const bytes = (value: unknown): number => {
  const m = measure(value, messageBytes);
  if (!m.ok) throw new Error(m.why);
  return m.bytes;
};

describe('measure', () => {
  it('weighs a view by the whole buffer its clone carries, not by the bytes it shows', () => {
    const buffer = new ArrayBuffer(1 << 20);
    // The clone copies the buffer whole: a one-byte window on 1 MB carries 1 MB.
    expect((structuredClone(new Uint8Array(buffer, 0, 1)) as Uint8Array).buffer.byteLength).toBe(1 << 20);
    for (const view of [new Uint8Array(buffer, 0, 1), new DataView(buffer, 0, 1), new Float64Array(buffer, 8, 1)]) {
      expect(bytes(view)).toBeGreaterThanOrEqual(1 << 20);
      expect(bytes({ nested: [view] })).toBeGreaterThanOrEqual(1 << 20);
    }
    // The views of one buffer, and the buffer beside them, share it in the clone: counted once.
    const small = new ArrayBuffer(1000);
    expect(bytes([new Uint8Array(small, 0, 1), new DataView(small), small])).toBeLessThan(1100);
    expect(bytes(new Uint8Array(1000))).toBeGreaterThanOrEqual(1000);
  });

  it("counts an array's holes: its length is what a reader walks", () => {
    const sparse: unknown[] = [];
    sparse.length = 1e9;
    sparse[5] = 1;
    expect(bytes(sparse)).toBeGreaterThan(1e9);
    expect(bytes({ list: sparse })).toBeGreaterThan(messageBytes);
    // A dense array weighs what it did: itself, each index and value, and its length.
    expect(bytes([1, 2, 3])).toBe(8 + 3 * (1 + 4 + 8) + ('length'.length + 4 + 8));
  });
});
