// The shape of each operation's body or query, authored once: the client checks a
// request against it before sending, the emulator answers 400 from it on receipt.
// `keysOf<T>` keeps every closed key list in step with its TypeScript type.
import { keysOf, type ShapeSpec } from './shape.js';
import { shipmentStatuses, type OrderUpdateParams } from './types/commerce.js';
import type { CompanyUpdateParams } from './types/companies.js';
import { lifecycleStages, type ContactUpdateParams } from './types/contacts.js';
import { dealStatuses, type DealUpdateParams } from './types/deals.js';
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
const contactKeys = keysOf<ContactUpdateParams>({
  name: true,
  tags: true,
  notes: true,
  marketingConsent: true,
  consentSiteId: true,
  consentGroupId: true,
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

const templateKeys = keysOf<EmailTemplateUpdateParams>({ name: true, kind: true, visibility: true, ownerUid: true, subject: true, body: true });
const templateEnums = { kind: emailTemplateKinds, visibility: emailTemplateVisibilities };

const updatedAfter = ['updatedAfter'];

/** Body and query specs per operation id; an operation not named here has an open shape. */
export const shapes = {
  'datasets.create': {},
  'datasets.update': {},
  'records.create': {},
  'records.update': {},
  'sites.create': {},
  'formSubmissions.list': { enums: { read: ['true', 'false'] } },
  'formSubmissions.update': { keys: keysOf<FormSubmissionUpdateParams>({ read: true }), required: ['read'], booleans: ['read'] },
  'contacts.list': { enums: contactEnums },
  'contacts.create': { keys: [...contactKeys, 'email'], enums: contactEnums },
  'contacts.update': { keys: contactKeys, enums: contactEnums },
  'companies.list': { instants: updatedAfter },
  'companies.create': { keys: [...companyKeys, 'consentSiteId'] },
  'companies.update': { keys: companyKeys },
  'pipelines.list': { instants: updatedAfter },
  'deals.list': { enums: dealEnums, instants: updatedAfter },
  'deals.create': { keys: [...dealKeys, 'consentSiteId', 'pipelineId'], enums: dealEnums },
  'deals.update': { keys: dealKeys, enums: dealEnums },
  'tasks.list': { enums: { status: taskStatuses }, instants: updatedAfter },
  'tasks.create': { keys: [...taskKeys, 'consentSiteId'], enums: taskEnums },
  'tasks.update': { keys: taskKeys, enums: taskEnums },
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
    enums: { kind: activityKinds },
  },
  'emailTemplates.list': { enums: templateEnums, instants: updatedAfter },
  'emailTemplates.create': { keys: [...templateKeys, 'consentSiteId'], enums: templateEnums },
  'emailTemplates.update': { keys: templateKeys, enums: templateEnums },
  'leads.list': { enums: { status: leadStatuses } },
  'leads.update': {
    keys: keysOf<LeadUpdateParams>({ siteId: true, status: true, unqualifiedReason: true, ownerUid: true, ownerEmail: true, notes: true }),
    enums: { status: leadWritableStatuses },
  },
  'leads.convert': {
    keys: keysOf<LeadConvertParams>({ siteId: true, company: true, deal: true, ownerUid: true, ownerEmail: true }),
    nested: {
      company: { keys: ['link', 'create'], nested: { create: { keys: ['name', 'domain'] } } },
      deal: { keys: ['title', 'amountCents', 'currency', 'stageId'] },
    },
  },
  'orders.update': {
    keys: keysOf<OrderUpdateParams>({ status: true, carrier: true, trackingNumber: true }),
    required: ['status'],
    enums: { status: shipmentStatuses },
  },
} as const satisfies Record<string, ShapeSpec>;

export type ShapedOperationId = keyof typeof shapes;
