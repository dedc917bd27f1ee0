import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { decideLoad, type LoadInput } from './policy.js';
import { signIntegrity } from './trust/signature.js';

const staff = generateKeyPairSync('ed25519');
const other = generateKeyPairSync('ed25519');
const integrity = `sha256-${Buffer.alloc(32, 1).toString('base64')}`;
const manifest = {
  id: 'order-map',
  version: '1.0.0',
  hostAbi: 2,
  contributes: { site: { components: ['acme.order-map.card'] } },
};
const signed = signIntegrity({ id: 'order-map', version: '1.0.0', integrity }, staff.privateKey);
const base: LoadInput = { manifest, integrity, hostAbi: 2 };
const codes = (input: LoadInput) => decideLoad(input).reasons.map((r) => r.code);

describe('decideLoad', () => {
  it('loads an unsigned version into the sandbox realm', () => {
    expect(decideLoad(base)).toEqual({
      loads: true,
      realm: 'sandbox',
      reasons: [expect.objectContaining({ code: 'load.unsigned' })],
    });
  });

  it('loads a version signed by a trusted key (PEM or KeyObject) into the app realm', () => {
    const pem = staff.publicKey.export({ type: 'spki', format: 'pem' }).toString();
    for (const key of [pem, staff.publicKey]) {
      expect(decideLoad({ ...base, signature: signed, trustedKeys: [other.publicKey, key] })).toMatchObject({
        loads: true,
        realm: 'app',
      });
    }
  });

  it('keeps a signature by an untrusted key, a forged one and one over another hash in the sandbox', () => {
    expect(codes({ ...base, signature: signed, trustedKeys: [other.publicKey] })).toEqual(['load.signature_untrusted']);
    expect(codes({ ...base, signature: signed })).toEqual(['load.signature_untrusted']);
    const forged = { ...signed, value: Buffer.alloc(64).toString('base64') };
    expect(codes({ ...base, signature: forged, trustedKeys: [staff.publicKey] })).toEqual(['load.signature_invalid']);
    const elsewhere = signIntegrity(
      { id: 'order-map', version: '1.0.0', integrity: `sha256-${Buffer.alloc(32, 2).toString('base64')}` },
      staff.privateKey,
    );
    expect(codes({ ...base, signature: elsewhere, trustedKeys: [staff.publicKey] })).toEqual([
      'load.signature_other_artifact',
    ]);
    const lying = { ...elsewhere, integrity };
    expect(codes({ ...base, signature: lying, trustedKeys: [staff.publicKey] })).toEqual(['load.signature_invalid']);
    expect(codes({ ...base, signature: signed, trustedKeys: ['not a key'] })).toEqual(['load.signature_untrusted']);
  });

  it('never loads on a hostAbi mismatch, a pinned hash that differs, or a contributes that declares nothing', () => {
    expect(decideLoad({ ...base, hostAbi: 3 })).toMatchObject({ loads: false, realm: null });
    expect(codes({ ...base, hostAbi: 3 })).toEqual(['load.host_abi_mismatch']);
    expect(codes({ ...base, pinnedIntegrity: 'sha256-other' })).toEqual(['load.integrity_mismatch']);
    expect(codes({ ...base, pinnedIntegrity: integrity })).toEqual(['load.unsigned']);
    expect(codes({ ...base, manifest: { ...manifest, contributes: {} } })).toEqual(['load.declares_nothing']);
    expect(
      codes({
        ...base,
        manifest: { ...manifest, contributes: { site: { components: [] }, console: { shell: false } } },
      }),
    ).toEqual(['load.declares_nothing']);
    expect(codes({ ...base, manifest: { ...manifest, contributes: { console: { shell: true } } } })).toEqual([
      'load.unsigned',
    ]);
    const { contributes: _omitted, ...legacy } = manifest;
    expect(codes({ ...base, manifest: legacy })).toEqual(['load.unsigned']);
  });

  it('lets a revocation beat everything, and lists every refusal that applies', () => {
    const revocations = { revoked: [{ listing: 'acme.order-map' }] };
    const listing = 'acme.order-map';
    expect(
      decideLoad({ ...base, listing, signature: signed, trustedKeys: [staff.publicKey], revocations }),
    ).toMatchObject({
      loads: false,
      realm: null,
    });
    expect(codes({ ...base, listing, hostAbi: 1, pinnedIntegrity: 'sha256-x', revocations })).toEqual([
      'load.revoked',
      'load.host_abi_mismatch',
      'load.integrity_mismatch',
    ]);
    expect(codes({ ...base, listing, revocations: { revoked: [{ listing: 'acme.other' }] } })).toEqual([
      'load.unsigned',
    ]);
  });

  it("matches a revocation by listing: revoking one publisher's listing never stops another's of the same id", () => {
    const revocations = { revoked: [{ listing: 'evil.order-map', reason: 'malware' }] };
    expect(codes({ ...base, listing: 'acme.order-map', revocations })).toEqual(['load.unsigned']);
    expect(codes({ ...base, listing: 'evil.order-map', revocations })).toEqual(['load.revoked']);
    // Given a list but not the listing, it cannot tell, so it never loads.
    expect(codes({ ...base, revocations })).toEqual(['load.listing_unknown']);
    expect(codes({ ...base, revocations: { revoked: [] } })).toEqual(['load.unsigned']);
  });

  it('skips the hostAbi check when the host gives none', () => {
    const { hostAbi: _none, ...noHost } = base;
    expect(decideLoad(noHost).loads).toBe(true);
  });
});
