import fc from 'fast-check';
import semver from 'semver';
import { describe, expect, it } from 'vitest';
import { compareVersions, isVersion } from './version.js';

const ident = fc.oneof(fc.nat({ max: 20 }).map(String), fc.constantFrom('alpha', 'beta', 'rc', 'a-1', '0a', 'x'));
const version = fc
  .tuple(fc.nat({ max: 3 }), fc.nat({ max: 3 }), fc.nat({ max: 12 }), fc.array(ident, { maxLength: 3 }), fc.option(fc.constantFrom('build.1', 'sha.5114f85')))
  .map(([a, b, c, pre, build]) => `${a}.${b}.${c}${pre.length ? `-${pre.join('.')}` : ''}${build ? `+${build}` : ''}`);

describe('compareVersions', () => {
  it('orders by semver precedence exactly as the semver package does', () => {
    fc.assert(fc.property(version, version, (a, b) => Math.sign(compareVersions(a, b)) === semver.compare(a, b)));
  });

  it('follows the example of semver.org §11', () => {
    const order = ['1.0.0-alpha', '1.0.0-alpha.1', '1.0.0-alpha.beta', '1.0.0-beta', '1.0.0-beta.2', '1.0.0-beta.11', '1.0.0-rc.1', '1.0.0', '2.0.0', '2.1.0', '2.1.1', '10.0.0'];
    for (let i = 1; i < order.length; i++) expect(compareVersions(order[i - 1]!, order[i]!), `${order[i - 1]} < ${order[i]}`).toBeLessThan(0);
    expect(compareVersions('1.0.0+a', '1.0.0+b')).toBe(0);
  });

  it('knows a version from a folder name that is not one', () => {
    for (const v of ['1.0.0', '1.0.0-rc.1+b.2', '0.0.0']) expect(isVersion(v), v).toBe(true);
    for (const v of ['1.0', '01.0.0', '1.0.0-01', 'v1.0.0', '1.0.0.sig.json', '.tmp-abc']) expect(isVersion(v), v).toBe(false);
  });
});
