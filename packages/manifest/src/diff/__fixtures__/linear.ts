// Whether work grows linearly, told apart from quadratic growth by a ratio, not a time: the
// machines that run the tests are shared and their load varies tenfold.

/** The shortest of three runs, in milliseconds. */
function fastest(run: () => void): number {
  let best = Infinity;
  for (let i = 0; i < 3; i++) {
    const t0 = performance.now();
    run();
    best = Math.min(best, performance.now() - t0);
  }
  return best;
}

/**
 * How much longer `run(8 * n)` takes than `run(n)`: about 8 when linear (less, with fixed
 * costs), about 64 when quadratic. Tests hold it under 24.
 */
export function growth(run: (n: number) => void, n: number): number {
  const small = fastest(() => run(n));
  return fastest(() => run(8 * n)) / Math.max(small, 0.5);
}
