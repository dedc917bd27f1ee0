// The 400s the documents state in prose, between members of one body, each with the
// document's wording. specs.ts places them in the operations' shapes.
import type { ShapeRule } from './issue.js';
import { atLeastOne, isSet, notTogether, refusedWhen, requiredWhen } from './rules.js';
import { keysOf } from './shape.js';
import type { ContactProfileFields } from './types/contacts.js';

/** A contact's per-site profile fields (document 2, "Per-site profile"): writing any needs `consentSiteId`. */
export const contactProfileKeys = keysOf<ContactProfileFields>({
  phone: true,
  jobTitle: true,
  companyId: true,
  address: true,
  ownerUid: true,
  lifecycleStage: true,
  leadSource: true,
  salutation: true,
  firstName: true,
  lastName: true,
  department: true,
  mobilePhone: true,
  homePhone: true,
  otherPhone: true,
  fax: true,
  birthdate: true,
  assistantName: true,
  assistantPhone: true,
  reportsToContactId: true,
  otherAddress: true,
  doNotCall: true,
  mediaIds: true,
});

// Clearing a profile field with null is a write too.
const profileWritten = (body: Readonly<Record<string, unknown>>): string[] =>
  contactProfileKeys.filter((k) => body[k] !== undefined);

export const contactRules: readonly ShapeRule[] = [
  requiredWhen(
    'consentSiteId',
    (b) => profileWritten(b).length > 0,
    (b) =>
      `\`consentSiteId\` is required: ${profileWritten(b)
        .map((k) => `\`${k}\``)
        .join(
          ', ',
        )} ${profileWritten(b).length === 1 ? 'is a' : 'are'} per-site profile field${profileWritten(b).length === 1 ? '' : 's'}, and writing any of them requires consentSiteId`,
  ),
  requiredWhen(
    'consentSiteId',
    (b) => b.marketingConsent === true,
    '`consentSiteId` is required: `marketingConsent: true` requires consentSiteId',
  ),
];

export const contactCreateRules: readonly ShapeRule[] = [
  ...contactRules,
  refusedWhen(
    'consentSiteId',
    (b) => b.marketingConsent === false && profileWritten(b).length === 0,
    '`consentSiteId` is rejected with `marketingConsent: false` unless a profile field needs it',
  ),
];

/** With one or more lines, `amountCents` is their sum, written by the server (document 2, "Deals"). */
const hasLines = (b: Readonly<Record<string, unknown>>): boolean =>
  Array.isArray(b.lineItems) && b.lineItems.length > 0;

export const dealRules: readonly ShapeRule[] = [
  refusedWhen(
    'amountCents',
    hasLines,
    '`amountCents` cannot be sent with line items: with one or more lines it is their sum, written by the server',
  ),
  (body, at) => {
    if (typeof body.currency !== 'string' || !hasLines(body)) return null;
    const deal = body.currency.toLowerCase();
    const index = (body.lineItems as { currency?: unknown }[]).findIndex(
      (line) => typeof line?.currency === 'string' && line.currency.toLowerCase() !== deal,
    );
    return index < 0
      ? null
      : {
          code: 'conflicting_keys',
          path: `${at}/lineItems/${index}/currency`,
          message: `a line item's \`currency\` defaults to the deal's and must equal it (${deal})`,
        };
  },
];

export const activityRules: readonly ShapeRule[] = [
  atLeastOne(['contactId', 'companyId', 'dealId'], 'at least one of `contactId`, `companyId`, `dealId` is required'),
];

const personal = (b: Readonly<Record<string, unknown>>): boolean => b.visibility === 'personal';

export const templateCreateRules: readonly ShapeRule[] = [
  requiredWhen('ownerUid', personal, '`ownerUid` is required when visibility is personal'),
  refusedWhen('ownerUid', (b) => !personal(b), '`ownerUid` is refused when visibility is shared (the default)'),
];

export const templateUpdateRules: readonly ShapeRule[] = [
  refusedWhen('ownerUid', (b) => b.visibility === 'shared', '`ownerUid` is refused when visibility is shared'),
  (body, at) =>
    personal(body) && body.ownerUid === null
      ? { code: 'missing_key', path: `${at}/ownerUid`, message: '`ownerUid` is required when visibility is personal' }
      : null,
];

export const leadUpdateRules: readonly ShapeRule[] = [
  notTogether(
    'ownerUid',
    'ownerEmail',
    '`ownerEmail` is not accepted together with `ownerUid`: name the owner one way',
  ),
  refusedWhen(
    'unqualifiedReason',
    (b) => b.status === 'new' || b.status === 'working',
    '`unqualifiedReason` is refused with another status than unqualified',
  ),
];

export const exactlyOneCompany: readonly ShapeRule[] = [
  atLeastOne(['link', 'create'], 'company takes exactly one of `link` and `create`'),
  notTogether('link', 'create', 'company takes exactly one of `link` and `create`'),
];

/** Dataset `fields`: blanks are dropped, and an empty result is a validation error (document 1, "Datasets"). */
export const datasetRules: readonly ShapeRule[] = [
  (body, at) => {
    const fields = body.fields;
    if (fields === undefined) return null;
    if (!Array.isArray(fields))
      return { code: 'invalid_type', path: `${at}/fields`, message: '`fields` must be an array of field ids' };
    return fields.some((f) => typeof f === 'string' && f.trim() !== '')
      ? null
      : {
          code: 'invalid_value',
          path: `${at}/fields`,
          message: '`fields` is empty once blanks are dropped: an empty result is a validation error',
        };
  },
  (body, at) => {
    const model = body.model;
    if (!isSet(model)) return null;
    if (typeof model !== 'object' || Array.isArray(model))
      return { code: 'invalid_type', path: `${at}/model`, message: '`model` must be an object' };
    const bytes = new TextEncoder().encode(JSON.stringify(model)).length;
    return bytes < 64 * 1024
      ? null
      : {
          code: 'invalid_value',
          path: `${at}/model`,
          message: `\`model\` must serialize to under 64 KB; it is ${bytes} bytes`,
        };
  },
];

/** Site create (document 1, "Sites"): 3-30 lowercase letters, digits and hyphens, starting with a letter or digit. */
export const siteRules: readonly ShapeRule[] = [
  (body, at) =>
    typeof body.subdomain !== 'string' || /^[a-z0-9][a-z0-9-]{2,29}$/.test(body.subdomain)
      ? null
      : {
          code: 'invalid_value',
          path: `${at}/subdomain`,
          message: `\`subdomain\` must be 3-30 characters, lowercase letters, digits and hyphens, starting with a letter or digit; received ${JSON.stringify(body.subdomain)}`,
        },
];
