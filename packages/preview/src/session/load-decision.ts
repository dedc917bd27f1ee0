// Whether the extension may load into the emulated host, by the bundler's
// loader policy (decideLoad): a hostAbi mismatch never loads, nor does a
// `contributes` that declares no place. The preview builds from sources, so no
// hash is pinned and no signature is weighed: the extension runs in the sandbox realm.
import { decideLoad } from '@extkit/bundler';
import type { Manifest } from '@extkit/manifest';
import type { PreviewState } from '../types.js';

/** The reason the extension does not load into a host of generation `hostAbi`, or null when it loads. */
export function loadDecision(manifest: Manifest, hostAbi: number): PreviewState['blocked'] {
  const decision = decideLoad({ manifest, integrity: 'preview', hostAbi });
  if (decision.loads) return null;
  const first = decision.reasons[0];
  if (!first) return null;
  const hint =
    first.code === 'load.host_abi_mismatch'
      ? ` Set "hostAbi": ${hostAbi} in manifest.json to build for this host, or preview another host with --host-abi ${manifest.hostAbi}.`
      : '';
  return { code: first.code, message: decision.reasons.map((r) => r.message).join(' ') + hint };
}
