import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { parseRevocations } from './revocations.js';
import { keyIdOf, parseSignature, signIntegrity, signatureHolds } from './signature.js';

const { privateKey, publicKey } = generateKeyPairSync('ed25519');
const artifact = { id: 'order-map', version: '1.0.0', integrity: 'sha256-abc=' };

describe('signatures', () => {
  it('sign the integrity string with ed25519 and hold only over that string and that key', () => {
    const pem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    const sig = signIntegrity(artifact, pem);
    expect(sig).toMatchObject({
      signature: 1,
      algorithm: 'ed25519',
      id: 'order-map',
      version: '1.0.0',
      integrity: 'sha256-abc=',
      keyId: keyIdOf(publicKey),
    });
    expect(Buffer.from(sig.value, 'base64')).toHaveLength(64);
    expect(signatureHolds(sig, 'sha256-abc=', publicKey)).toBe(true);
    expect(signatureHolds(sig, 'sha256-abd=', publicKey)).toBe(false);
    expect(signatureHolds(sig, 'sha256-abc=', generateKeyPairSync('ed25519').publicKey)).toBe(false);
    expect(keyIdOf(privateKey)).toBe(keyIdOf(publicKey));
    expect(keyIdOf(publicKey)).toMatch(/^[0-9a-f]{16}$/);
  });

  it('refuse to sign with a key that is not ed25519', () => {
    const rsa = generateKeyPairSync('rsa', { modulusLength: 1024 });
    expect(() => signIntegrity(artifact, rsa.privateKey)).toThrow(/not ed25519/);
    expect(signatureHolds(signIntegrity(artifact, privateKey), artifact.integrity, rsa.publicKey)).toBe(false);
  });

  it('parse a signature file and say what is wrong with a bad one', () => {
    const sig = signIntegrity(artifact, privateKey);
    expect(parseSignature(JSON.stringify(sig))).toEqual(sig);
    expect(parseSignature('{')).toMatch(/not JSON/);
    expect(parseSignature('{"signature":1,"algorithm":"rsa"}')).toMatch(/not an extkit signature/);
    expect(parseSignature(JSON.stringify({ ...sig, value: 5 }))).toBe('"value" is missing or not a string');
  });
});

describe('revocation lists', () => {
  it('take listings as strings or objects with a reason', () => {
    expect(parseRevocations('{"revoked":["acme.a",{"listing":"evil.b","reason":"malware"}]}')).toEqual({
      revoked: [{ listing: 'acme.a' }, { listing: 'evil.b', reason: 'malware' }],
    });
    expect(parseRevocations('[]')).toMatch(/no "revoked" list/);
    expect(parseRevocations('{"revoked":[{"reason":"x"}]}')).toMatch(/names a listing/);
  });

  it("refuse an extension id alone (the old form), which names every publisher's listing of that id", () => {
    expect(parseRevocations('{"revoked":[{"id":"card"}]}')).toMatch(/names a listing, "<publisher>.<id>"/);
    expect(parseRevocations('{"revoked":["card"]}')).toMatch(/names a listing/);
    expect(parseRevocations('{"revoked":["acme.card/../x"]}')).toMatch(/names a listing/);
    expect(parseRevocations('nope')).toMatch(/not JSON/);
  });
});
