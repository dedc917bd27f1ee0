// The shape of each operation's body or query, authored once: the client checks a
// request against it before sending, the emulator answers 400 from it on receipt.
// `keysOf<T>` keeps every closed key list in step with its TypeScript type.
import {
  activityRules,
  contactCreateRules,
  contactProfileKeys,
  contactRules,
  datasetRules,
  dealRules,
  exactlyOneCompany,
  leadUpdateRules,
  siteRules,
  templateCreateRules,
  templateUpdateRules,
} from './prose.js';
import { keysOf, type ShapeSpec } from './shape.js';
import { shipmentStatuses, type OrderUpdateParams } from './types/commerce.js';
import type { CompanyUpdateParams } from './types/companies.js';
import { lifecycleStages, type ContactProfileFields, type ContactUpdateParams } from './types/contacts.js';
import { dealStatuses, type DealLineItemParams, type DealUpdateParams } from './types/deals.js';
import { leadStatuses, leadWritableStatuses, type LeadConvertParams, type LeadUpdateParams } from './types/leads.js';
import type { FormSubmissionUpdateParams } from './types/sites.js';
import {
  activityKinds,
  emailTemplateKinds,
  emailTemplateVisibilities,
  taskKinds,
  taskPriorities,
  taskStatuses,
  type ActivityCreateParams,
  type EmailTemplateUpdateParams,
  type TaskUpdateParams,
} from './types/work.js';

// `email`, `sources`, `alternateEmails` are refused on write: only create names `email`.
// The profile fields are listed once, in prose.ts, where writing them needs consentSiteId.
const contactKeys = [
  ...keysOf<Omit<ContactUpdateParams, keyof ContactProfileFields>>({
    name: true,
    tags: true,
    notes: true,
    marketingConsent: true,
    consentSiteId: true,
    consentGroupId: true,
  }),
  ...contactProfileKeys,
];
const contactEnums = { lifecycleStage: lifecycleStages };

const companyKeys = keysOf<CompanyUpdateParams>({
  name: true,
  domain: true,
  website: true,
  phone: true,
  address: true,
  industry: true,
  ownerUid: true,
  notes: true,
});

const dealKeys = keysOf<DealUpdateParams>({
  title: true,
  stageId: true,
  status: true,
  amountCents: true,
  currency: true,
  lineItems: true,
  expectedCloseAt: true,
  ownerUid: true,
  contactId: true,
  companyId: true,
  lostReason: true,
  notes: true,
});
const dealEnums = { status: dealStatuses };
const dealChecks = {
  enums: dealEnums,
  integers: { amountCents: [0] },
  instants: ['expectedCloseAt'],
  maxItems: { lineItems: 50 },
  items: {
    lineItems: {
      keys: keysOf<DealLineItemParams>({
        productId: true,
        name: true,
        quantity: true,
        unitAmountCents: true,
        currency: true,
      }),
      required: ['name', 'quantity', 'unitAmountCents'],
      integers: { quantity: [1, 1_000_000], unitAmountCents: [0] },
    },
  },
  rules: dealRules,
} as const satisfies ShapeSpec;

const taskKeys = keysOf<TaskUpdateParams>({
  title: true,
  notes: true,
  kind: true,
  priority: true,
  status: true,
  dueAt: true,
  assigneeUid: true,
  contactId: true,
  companyId: true,
  dealId: true,
});
const taskEnums = { kind: taskKinds, priority: taskPriorities, status: taskStatuses };

const templateKeys = keysOf<EmailTemplateUpdateParams>({
  name: true,
  kind: true,
  visibility: true,
  ownerUid: true,
  subject: true,
  body: true,
});
const templateEnums = { kind: emailTemplateKinds, visibility: emailTemplateVisibilities };
const templateStrings = ['subject', 'body'];
const contactChecks = {
  enums: contactEnums,
  pastDates: ['birthdate'],
  maxItems: { mediaIds: 20 },
} as const satisfies ShapeSpec;
const leadSite = { required: ['siteId'], nonEmpty: ['siteId'] } as const satisfies ShapeSpec;

const updatedAfter = ['updatedAfter'];

/** Body and query specs per operation id; an operation not named here has an open shape. */
export const shapes = {
  'datasets.create': { required: ['name', 'fields'], rules: datasetRules },
  'datasets.update': { rules: datasetRules },
  'records.create': {},
  'records.update': {},
  'sites.create': { required: ['displayName', 'subdomain'], rules: siteRules },
  'formSubmissions.list': { enums: { read: ['true', 'false'] } },
  'formSubmissions.update': {
    keys: keysOf<FormSubmissionUpdateParams>({ read: true }),
    required: ['read'],
    booleans: ['read'],
  },
  'contacts.list': { enums: contactEnums },
  'contacts.create': {
    keys: [...contactKeys, 'email'],
    required: ['email'],
    nonEmpty: ['name'],
    ...contactChecks,
    rules: contactCreateRules,
  },
  'contacts.update': { keys: contactKeys, ...contactChecks, rules: contactRules },
  'companies.list': { instants: updatedAfter },
  'companies.create': { keys: [...companyKeys, 'consentSiteId'], required: ['name', 'consentSiteId'] },
  'companies.update': { keys: companyKeys },
  'pipelines.list': { instants: updatedAfter },
  'deals.list': { enums: dealEnums, instants: updatedAfter },
  'deals.create': {
    keys: [...dealKeys, 'consentSiteId', 'pipelineId'],
    required: ['title', 'consentSiteId'],
    ...dealChecks,
  },
  'deals.update': { keys: dealKeys, ...dealChecks },
  'tasks.list': { enums: { status: taskStatuses }, instants: updatedAfter },
  'tasks.create': {
    keys: [...taskKeys, 'consentSiteId'],
    required: ['title', 'consentSiteId'],
    enums: taskEnums,
    instants: ['dueAt'],
  },
  'tasks.update': { keys: taskKeys, enums: taskEnums, instants: ['dueAt'] },
  'activities.list': { enums: { kind: activityKinds }, instants: updatedAfter },
  'activities.create': {
    keys: keysOf<ActivityCreateParams>({
      body: true,
      consentSiteId: true,
      kind: true,
      at: true,
      byUid: true,
      contactId: true,
      companyId: true,
      dealId: true,
      outcome: true,
      durationMinutes: true,
    }),
    required: ['body', 'consentSiteId'],
    enums: { kind: activityKinds },
    instants: ['at'],
    integers: { durationMinutes: [0] },
    rules: activityRules,
  },
  'emailTemplates.list': { enums: templateEnums, instants: updatedAfter },
  'emailTemplates.create': {
    keys: [...templateKeys, 'consentSiteId'],
    required: ['name', 'body', 'consentSiteId'],
    enums: templateEnums,
    strings: templateStrings,
    rules: templateCreateRules,
  },
  'emailTemplates.update': {
    keys: templateKeys,
    enums: templateEnums,
    strings: templateStrings,
    rules: templateUpdateRules,
  },
  'leads.list': { ...leadSite, enums: { status: leadStatuses } },
  'leads.retrieve': leadSite,
  'leads.update': {
    keys: keysOf<LeadUpdateParams>({
      siteId: true,
      status: true,
      unqualifiedReason: true,
      ownerUid: true,
      ownerEmail: true,
      notes: true,
    }),
    ...leadSite,
    enums: { status: leadWritableStatuses },
    rules: leadUpdateRules,
  },
  'leads.convert': {
    keys: keysOf<LeadConvertParams>({ siteId: true, company: true, deal: true, ownerUid: true, ownerEmail: true }),
    ...leadSite,
    nested: {
      company: {
        keys: ['link', 'create'],
        nested: { create: { keys: ['name', 'domain'], required: ['name'] } },
        rules: exactlyOneCompany,
      },
      deal: {
        keys: ['title', 'amountCents', 'currency', 'stageId'],
        required: ['title'],
        integers: { amountCents: [0] },
      },
    },
  },
  'orders.update': {
    keys: keysOf<OrderUpdateParams>({ status: true, carrier: true, trackingNumber: true }),
    required: ['status'],
    enums: { status: shipmentStatuses },
  },
} as const satisfies Record<string, ShapeSpec>;

export type ShapedOperationId = keyof typeof shapes;
