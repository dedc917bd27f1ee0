// Whether work grows linearly, told apart from quadratic growth by a ratio, not a time: the
// machines that run the tests are shared and their load varies tenfold.

/**
 * The CPU time `run` takes, in ms: not the wall clock, which a busy machine stretches unevenly (a
 * run of a few ms can fit between two preemptions, one of 80 ms cannot, which doubled the ratio
 * of the fastest runs with three processes on two cores).
 */
export const cpuTime = (run: () => void): number => {
  const before = process.cpuUsage();
  run();
  const { user, system } = process.cpuUsage(before);
  return (user + system) / 1000;
};

/**
 * How much longer `run(8 * n)` takes than `run(n)`: about 8 when linear (less, with fixed
 * costs), about 64 when quadratic. Tests hold it under 24. The two sizes run in turns, five
 * times each, and the fastest of each is compared, so a burst of load on a shared machine
 * (another test worker, another process) slows both sides or neither. While the ratio still
 * looks worse than linear, up to 25 more turns look for a quieter moment: more turns can only
 * bring a linear pass's fastest runs closer to its true ratio, and a quadratic one stays near 64.
 * Extra turns stop once the turns have taken 8 s of CPU: a quadratic run on a large size would
 * otherwise spend the test's time limit before it could fail on its ratio.
 */
export function growth(run: (n: number) => void, n: number): number {
  let small = Infinity;
  let large = Infinity;
  let spent = 0;
  const ratio = () => large / Math.max(small, 0.5);
  for (let i = 0; i < 30 && (i < 5 || (ratio() >= 12 && spent < 8000)); i++) {
    const [a, b] = [cpuTime(() => run(n)), cpuTime(() => run(8 * n))];
    [small, large, spent] = [Math.min(small, a), Math.min(large, b), spent + a + b];
  }
  return ratio();
}
