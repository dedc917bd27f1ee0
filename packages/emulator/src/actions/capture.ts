// A visitor's capture on a site (a form, a booking, a member signup): the form submission
// with its routing to a bound dataset, the lead or contact of 001, and the events of 000 §6.
import type { Ctx, EventValue } from '../context.js';
import { iso } from '../context.js';
import { ApiError, invalid } from '../http/errors.js';
import { normalizeEmail, presentContact } from '../resources/contact-body.js';
import { contactByEmail, createContact } from '../resources/contact-writes.js';
import { ownedSite, wire } from '../resources/util.js';
import { applyValues, modelFor } from '../resources/values.js';
import { countIn, recordBand } from '../store/counters.js';
import { newId, recordId, recordSequence } from '../store/ids.js';
import { find, get, insert, save, type Row } from '../store/objects.js';
import { closed, optString, reqString } from './env.js';

export const captureKinds = ['form', 'booking', 'signup'] as const;
type Kind = (typeof captureKinds)[number];

/** A site's setting for one of its forms (the console's): its name, the dataset it files into, where it routes people. */
export interface FormSetting {
  name?: string | null;
  datasetId?: string | null;
  route?: 'lead' | 'contact';
}

const contactSource: Record<Kind, string> = { form: 'form', booking: 'booking', signup: 'member' };
const kindEvent: Partial<Record<Kind, string>> = { booking: 'booking', signup: 'memberSignUp' };

/** Where a capture's form files its fields: a record of the bound dataset, or the model's refusal (no record written). */
async function routeToDataset(ctx: Ctx, datasetId: string, fields: Record<string, unknown>): Promise<unknown> {
  const ds = await get(ctx.sql, { org: ctx.org, kind: 'dataset' }, datasetId);
  if (!ds) return null;
  const name = typeof ds.body.name === 'string' ? ds.body.name : '';
  const applied = applyValues(modelFor(ds.body), {}, fields);
  if ('errors' in applied) return { datasetRefused: { id: ds.id, name, errors: applied.errors } };
  const n = await countIn(ctx.sql, recordBand(ctx.org, ds.id), ctx.plan.recordsPerDataset, recordSequence(ctx.org));
  if (n === null)
    return {
      datasetRefused: { id: ds.id, name, errors: { values: 'the dataset holds every record the plan includes' } },
    };
  const id = recordId(n);
  const at = iso(ctx.now);
  await insert(
    ctx.sql,
    { org: ctx.org, kind: 'record', parent: ds.id },
    id,
    { id, object: 'record', values: applied.values, created: at, updated: at },
    ctx.now,
  );
  return { dataset: { id: ds.id, name, recordId: id } };
}

const addOnce = (list: unknown, entry: string): string[] => {
  const held = Array.isArray(list) ? (list as string[]) : [];
  return held.includes(entry) ? held : [...held, entry];
};

/** Files or bumps the lead of `email` on the site; a repeat capture stamps `lastSeen`, never `updated`. */
async function fileLead(
  ctx: Ctx,
  siteId: string,
  person: { email: string; name: string | undefined; consent: boolean; source: string },
): Promise<{ lead: Record<string, unknown>; created: boolean }> {
  const where = { org: ctx.org, kind: 'lead', parent: siteId };
  const held = (await find(ctx.sql, ctx.org, 'lead', { email: person.email })).find((r: Row) => r.parent === siteId);
  const at = iso(ctx.now);
  if (held) {
    const body = {
      ...held.body,
      submissionCount: Number(held.body.submissionCount ?? 0) + 1,
      lastSeen: at,
      sources: addOnce(held.body.sources, person.source),
      name: held.body.name ?? person.name ?? null,
      ...(person.consent && held.body.marketingConsent !== true
        ? { marketingConsent: true, marketingConsentAt: at }
        : {}),
    };
    await save(ctx.sql, where, held.id, body, null, ctx.now);
    return { lead: body, created: false };
  }
  const body = {
    id: await newId(ctx.sql, ctx.org, 'lead', 'ld'),
    object: 'lead',
    siteId,
    email: person.email,
    name: person.name ?? null,
    status: null,
    ownerUid: null,
    notes: null,
    unqualifiedReason: null,
    sources: [person.source],
    submissionCount: 1,
    firstSeen: at,
    lastSeen: at,
    marketingConsent: person.consent,
    marketingConsentAt: person.consent ? at : null,
    convertedContactId: null,
    convertedAt: null,
    companyId: null,
    dealId: null,
    created: at,
    updated: at,
  };
  await insert(ctx.sql, where, body.id, body, ctx.now, ctx.now);
  ctx.emit('lead', {
    email: person.email,
    source: person.source,
    leadId: body.id,
    ...(person.name ? { name: person.name } : {}),
  });
  return { lead: body, created: true };
}

/** The capture action: answers what it filed, what it made, and the events it fired. */
export async function capture(ctx: Ctx): Promise<Record<string, unknown>> {
  const b = ctx.body;
  closed(b, [
    'siteId',
    'form',
    'formId',
    'fields',
    'email',
    'name',
    'kind',
    'path',
    'marketingConsent',
    'route',
    'hostId',
    'campaignIds',
  ]);
  const siteId = reqString(b, 'siteId');
  const kind = (b.kind ?? 'form') as Kind;
  if (!captureKinds.includes(kind)) throw invalid({ kind: `must be one of ${captureKinds.join(', ')}` });
  const fields = b.fields ?? {};
  if (typeof fields !== 'object' || fields === null || Array.isArray(fields))
    throw invalid({ fields: 'must be an object of field name to value' });
  const typed = fields as Record<string, unknown>;
  const emailRaw = b.email ?? (typeof typed.email === 'string' ? typed.email : undefined);
  const email = emailRaw === undefined ? null : normalizeEmail(emailRaw);
  if (emailRaw !== undefined && !email) throw invalid({ email: 'must be a usable email address' });
  if (!email && kind !== 'form') throw invalid({ email: `is required for a ${kind}` });
  const nameRaw = optString(b, 'name') ?? (typeof typed.name === 'string' ? typed.name : undefined);
  const name = nameRaw?.trim() ? nameRaw.trim().slice(0, 120) : undefined;
  const formId = optString(b, 'formId') ?? null;
  const path = optString(b, 'path') ?? null;
  const hostId = optString(b, 'hostId') ?? '';
  if (b.marketingConsent !== undefined && typeof b.marketingConsent !== 'boolean')
    throw invalid({ marketingConsent: 'must be true or false' });
  if (b.route !== undefined && b.route !== 'lead' && b.route !== 'contact')
    throw invalid({ route: 'must be lead or contact' });
  if (b.route === 'contact' && kind === 'booking') throw invalid({ route: 'a booking always files a lead' });
  const campaigns = b.campaignIds;
  if (campaigns !== undefined && (!Array.isArray(campaigns) || !campaigns.every((c) => typeof c === 'string')))
    throw invalid({ campaignIds: 'must be an array of campaign ids' });
  const site = await ownedSite(ctx, siteId);
  const setting = ((site.body.__forms as Record<string, FormSetting> | undefined) ?? {})[formId ?? ''] ?? {};
  const form = optString(b, 'form') ?? setting.name ?? null;
  const consent = b.marketingConsent === true;
  const events: string[] = [];
  const emit = (event: string, payload: Record<string, EventValue>): void => {
    events.push(event);
    ctx.emit(event, payload);
  };
  const tracked: Ctx = { ...ctx, emit };

  if (email && (await get(ctx.sql, { org: ctx.org, kind: 'erasure' }, email)))
    return { object: 'capture', kind, siteId, erased: true, submission: null, lead: null, contact: null, events };

  let submission: Record<string, unknown> | null = null;
  if (kind === 'form') {
    const routing = setting.datasetId ? await routeToDataset(ctx, setting.datasetId, typed) : null;
    submission = {
      id: await newId(ctx.sql, ctx.org, 'form_submission', 'fs'),
      object: 'form_submission',
      form_id: formId,
      form,
      path,
      fields: typed,
      read: false,
      routing,
      created: iso(ctx.now),
    };
    await insert(
      ctx.sql,
      { org: ctx.org, kind: 'form_submission', parent: siteId },
      String(submission.id),
      submission,
      ctx.now,
    );
    emit('formSubmission', {
      siteId,
      submissionId: String(submission.id),
      formId: formId ?? '',
      form: form ?? '',
      path: path ?? '',
      email: email ?? '',
      name: name ?? '',
    });
  }

  let lead: Record<string, unknown> | null = null;
  let contact: Record<string, unknown> | null = null;
  const created = { lead: false, contact: false };
  let refused: Record<string, unknown> | null = null;
  if (email) {
    const held = await contactByEmail(ctx, email);
    const source = contactSource[kind];
    const route = kind === 'booking' ? 'lead' : (b.route ?? setting.route ?? (kind === 'signup' ? 'contact' : 'lead'));
    if (held) {
      // A person already held as a contact files no lead; the contact records where it came from (not a team write: `updated` stays).
      const body = { ...held.body, sources: addOnce(held.body.sources, source) };
      await save(ctx.sql, { org: ctx.org, kind: 'contact' }, held.id, body, null);
      contact = presentContact(body);
    } else if (route === 'lead' && ctx.plan.crm) {
      const leadSource = kind === 'form' ? (formId ? `form:${formId}` : 'form') : kind;
      const filed = await fileLead(tracked, siteId, { email, name, consent, source: leadSource });
      lead = { ...wire(filed.lead), status: filed.lead.status ?? 'new' };
      created.lead = filed.created;
    } else {
      try {
        const made = await createContact(
          {
            ...ctx,
            body: {
              email,
              ...(name ? { name } : {}),
              ...(consent ? { marketingConsent: true, consentSiteId: siteId } : {}),
            },
          },
          source,
        );
        contact = presentContact(made);
        created.contact = true;
        emit('contactCreated', {
          contactId: String(made.id),
          email,
          name: name ?? '',
          source,
          hostId,
          lifecycleStage: '',
          ...(campaigns ? { campaignIds: campaigns.join(',') } : {}),
        });
      } catch (error) {
        // A full CRM records band on a hard-banded plan: the capture stands without its contact.
        if (!(error instanceof ApiError) || error.type !== 'plan_required') throw error;
        refused = { contact: error.body.error };
      }
    }
    const extra = kindEvent[kind];
    if (extra)
      emit(extra, {
        siteId,
        email,
        name: name ?? '',
        leadId: typeof lead?.id === 'string' ? lead.id : '',
        contactId: typeof contact?.id === 'string' ? contact.id : '',
      });
  }
  return {
    object: 'capture',
    kind,
    siteId,
    erased: false,
    submission,
    lead,
    contact,
    created,
    ...(refused ? { refused } : {}),
    events,
  };
}
