// Every refusal of the marketplace: a stable code, its HTTP status and when it happens
// (docs/marketplace.md lists the same table). A refusal carries diagnostics in the
// validator's shape ({ code, path?, message }), so `extkit publish` shows them as it
// shows a validation report.

export interface MarketplaceDiagnostic {
  code: string;
  message: string;
  /** JSON Pointer into manifest.json, when the finding is about the manifest. */
  path?: string;
}

export const refusals = {
  'publish.unauthorized': [401, 'no publisher key, or one the marketplace does not know'],
  'publish.upload_invalid': [
    400,
    'the body is not { files: { <path>: <base64> }, changelog? } with artifact.json and manifest.json',
  ],
  'publish.tampered': [
    422,
    'a file does not hash to what artifact.json records, is missing or extra, or the record was edited',
  ],
  'publish.manifest_mismatch': [422, "manifest.json's id or version is not artifact.json's"],
  'publish.manifest_invalid': [422, "the manifest fails @extkit/manifest (the validator's own diagnostics follow)"],
  'publish.component_namespace': [
    422,
    "a component id outside <publisher handle>.<manifest id>.<role> for the key's publisher",
  ],
  'publish.loopback_origin': [
    422,
    "capabilities.network lists an origin on loopback or a private or link-local address, which reaches the installer's own machine or network",
  ],
  'publish.registration_undeclared': [422, 'the bundle registers what contributes does not declare (the bundle scan)'],
  'publish.scan_failed': [422, 'the bundle did not finish evaluating under the scan (threw, timed out, out of memory)'],
  'publish.version_exists': [409, 'the version is published with other content; versions are immutable'],
  'publish.version_not_greater': [409, 'the version is not greater (semver) than the highest published'],
  'publish.listing_id_changed': [
    409,
    'the package is already published under another manifest id; ids are never renamed',
  ],
  'publish.listing_revoked': [409, 'the listing is revoked; nothing more publishes to it'],
  'marketplace.unauthorized': [401, 'no key, or a key the marketplace does not know'],
  'marketplace.not_found': [404, 'no such listing or version, or one the caller may not see'],
  'marketplace.transition': [409, "the review lifecycle does not allow that move from the listing's state"],
  'marketplace.reason_required': [400, 'a rejection or revocation without a reason'],
  'marketplace.signature_invalid': [422, "the signature is not an extkit ed25519 signature over that version's hash"],
  'marketplace.signature_untrusted': [422, 'the signing key is not a registered staff key'],
  'marketplace.key_invalid': [400, 'a staff key that is not an ed25519 public key (PEM)'],
  'marketplace.handle_invalid': [400, 'a publisher handle that is not kebab-case'],
  'install.not_listed': [
    409,
    'the listing is not listed or verified (nor legacy), or the version is not an approved one, so it cannot be installed',
  ],
  'install.revoked': [409, 'the listing is revoked'],
  'install.invalid': [400, 'the body is not { listing, version?, site?, config? }'],
  'install.config_invalid': [
    422,
    "the settings are not the version's config fields, or a value cannot be coerced to its field's type (the validator's diagnostics follow)",
  ],
} as const satisfies Record<string, readonly [number, string]>;

export type RefusalCode = keyof typeof refusals;

/** A refusal: answered as `{ error: { type, code, message, diagnostics } }` with the code's status. */
export class Refusal extends Error {
  readonly status: number;
  constructor(
    readonly code: RefusalCode,
    message: string,
    readonly diagnostics: MarketplaceDiagnostic[] = [],
  ) {
    super(message);
    this.status = refusals[code][0];
  }

  get body(): { error: { type: string; code: string; message: string; diagnostics: MarketplaceDiagnostic[] } } {
    const type =
      this.status === 401
        ? 'unauthorized'
        : this.status === 404
          ? 'not_found'
          : this.status === 409
            ? 'conflict'
            : this.status === 400
              ? 'bad_request'
              : 'unprocessable';
    return {
      error: {
        type,
        code: this.code,
        message: this.message,
        diagnostics: [{ code: this.code, message: this.message }, ...this.diagnostics],
      },
    };
  }
}
