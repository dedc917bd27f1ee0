// Semver precedence (semver.org §11) in a few lines: loading the `semver` package
// costs a build some 25 ms of start-up for the two functions the store needs.

const STRICT = /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-((?:0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*)(?:\.(?:0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*))*))?(?:\+[0-9a-zA-Z-]+(?:\.[0-9a-zA-Z-]+)*)?$/;

/** True when `v` is a version as semver.org defines it. */
export function isVersion(v: string): boolean {
  return STRICT.test(v);
}

function compareIdentifiers(a: string, b: string): number {
  const an = /^\d+$/.test(a);
  const bn = /^\d+$/.test(b);
  if (an && bn) return Math.sign(Number(BigInt(a) - BigInt(b)));
  if (an !== bn) return an ? -1 : 1;
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Compares two valid versions by precedence: negative, 0 (build metadata ignored) or positive. */
export function compareVersions(a: string, b: string): number {
  const pa = STRICT.exec(a);
  const pb = STRICT.exec(b);
  if (!pa || !pb) throw new TypeError(`not a version: ${pa ? b : a}`);
  for (let i = 1; i <= 3; i++) {
    const d = compareIdentifiers(pa[i]!, pb[i]!);
    if (d !== 0) return d;
  }
  const ra = pa[4]?.split('.') ?? [];
  const rb = pb[4]?.split('.') ?? [];
  if (ra.length === 0 || rb.length === 0) return rb.length - ra.length === 0 ? 0 : ra.length === 0 ? 1 : -1;
  for (let i = 0; i < Math.min(ra.length, rb.length); i++) {
    const d = compareIdentifiers(ra[i]!, rb[i]!);
    if (d !== 0) return d;
  }
  return Math.sign(ra.length - rb.length);
}
