// Pipelines (read-only) and deals with their status and stage machine (001 §2, §3, §4).
import { dealStatuses } from '@extkit/api';
import type { Ctx, Handler } from '../context.js';
import { invalid } from '../http/errors.js';
import { newId } from '../store/ids.js';
import { find, insert, remove, save } from '../store/objects.js';
import { raiseStage } from './contact-writes.js';
import { consentSite, crmBand, crmList, crmRow, instant, member, reference, refuseKeys, stamp, text } from './crm.js';
import { receipt, requiredText, unchanged, wire } from './util.js';

interface Stage {
  id: string;
  name: string;
  order: number;
  probability: number;
  kind: 'open' | 'won' | 'lost';
}

const salesStages: Stage[] = [
  ['qualified', 'Qualified', 10, 'open'],
  ['contact-made', 'Contact made', 20, 'open'],
  ['proposal-sent', 'Proposal sent', 40, 'open'],
  ['negotiation', 'Negotiation', 60, 'open'],
  ['won', 'Won', 100, 'won'],
  ['lost', 'Lost', 0, 'lost'],
].map(([id, name, probability, kind], order) => ({ id, name, order, probability, kind }) as Stage);

/** The default active pipeline; an organization with none gets Sales from its first deal (001 §2 Pipeline). */
export async function defaultPipeline(ctx: Ctx, siteId: string): Promise<Record<string, unknown>> {
  const all = await find(ctx.sql, ctx.org, 'pipeline', {});
  const active = all.filter((p) => p.body.archived !== true);
  const chosen = active.find((p) => p.body.isDefault === true) ?? active[0];
  if (chosen) return chosen.body;
  if (all.length > 0) throw invalid({ pipelineId: 'the organization has no active pipeline' });
  const at = stamp(ctx);
  const body = {
    id: await newId(ctx.sql, ctx.org, 'pipeline', 'pl'),
    object: 'pipeline',
    name: 'Sales',
    isDefault: true,
    archived: false,
    archivedAt: null,
    stages: salesStages,
    siteId,
    created: at,
    updated: at,
  };
  await insert(ctx.sql, { org: ctx.org, kind: 'pipeline' }, body.id, body, ctx.now);
  return body;
}

const stagesOf = (pipeline: Record<string, unknown>): Stage[] => (pipeline.stages as Stage[]) ?? [];

/** The stage a body places the deal on, or a 400: stageId, status, both agreeing, or neither (`fallback`). */
function place(pipeline: Record<string, unknown>, stageId: unknown, status: unknown, fallback: Stage | null): Stage {
  const stages = stagesOf(pipeline);
  if (stages.length === 0) throw invalid({ pipelineId: 'the pipeline has no stages' });
  if (stageId !== undefined && stageId !== null) {
    const stage = stages.find((s) => s.id === stageId);
    if (!stage) throw invalid({ stageId: "is not a stage of the deal's pipeline" });
    if (status !== undefined && status !== null && status !== stage.kind)
      throw invalid({ status: 'Must match the stage' });
    return stage;
  }
  if (status !== undefined && status !== null) {
    const stage = status === 'open' ? stages.find((s) => s.kind === 'open') : stages.find((s) => s.kind === status);
    if (!stage) throw invalid({ status: `the pipeline has no ${String(status)} stage` });
    return fallback && fallback.kind === status ? fallback : stage;
  }
  return fallback ?? stages.find((s) => s.kind === 'open') ?? stages[0]!;
}

function lineItems(value: unknown, currency: string): { items: Record<string, unknown>[]; sum: number } {
  if (!Array.isArray(value)) throw invalid({ lineItems: 'must be an array or null' });
  if (value.length > 50) throw invalid({ lineItems: 'at most 50 lines' });
  let sum = 0;
  const items = value.map((line: unknown, i) => {
    const l = (typeof line === 'object' && line !== null ? line : {}) as Record<string, unknown>;
    const bad = (reason: string) => invalid({ lineItems: `line ${i + 1}: ${reason}` });
    if (typeof l.name !== 'string' || l.name.trim() === '') throw bad('name is required');
    if (!Number.isInteger(l.quantity) || (l.quantity as number) < 1 || (l.quantity as number) > 1_000_000)
      throw bad('quantity must be a whole number from 1 to 1,000,000');
    if (!Number.isInteger(l.unitAmountCents) || (l.unitAmountCents as number) < 0)
      throw bad('unitAmountCents must be a whole number, 0 or more');
    if (l.currency !== undefined && l.currency !== null && String(l.currency).toLowerCase() !== currency)
      throw bad(`currency must be the deal's (${currency})`);
    if (l.productId !== undefined && l.productId !== null && typeof l.productId !== 'string')
      throw bad('productId must be a string or null');
    sum += (l.quantity as number) * (l.unitAmountCents as number);
    return {
      productId: l.productId ?? null,
      name: l.name.trim().slice(0, 120),
      quantity: l.quantity,
      unitAmountCents: l.unitAmountCents,
      currency,
    };
  });
  return { items, sum };
}

const currencyOf = (v: unknown): string => {
  if (typeof v !== 'string' || !/^[a-z]{3}$/i.test(v))
    throw invalid({ currency: 'must be a three-letter ISO 4217 code' });
  return v.toLowerCase();
};

async function apply(
  ctx: Ctx,
  body: Record<string, unknown>,
  pipeline: Record<string, unknown>,
  fresh: boolean,
): Promise<void> {
  const b = ctx.body;
  if (b.title !== undefined) body.title = requiredText(b.title, 'title', 200);
  const hadLines = (body.lineItems as unknown[]).length > 0;
  if (b.currency !== undefined) {
    const next = currencyOf(b.currency);
    if (hadLines && next !== body.currency && !Array.isArray(b.lineItems))
      throw invalid({ currency: 'cannot change on a deal with line items unless lineItems are resent in it' });
    body.currency = next;
  }
  if (b.lineItems !== undefined) {
    if (b.lineItems === null || (Array.isArray(b.lineItems) && b.lineItems.length === 0)) body.lineItems = [];
    else {
      if (b.amountCents !== undefined)
        throw invalid({ amountCents: 'is the sum of the line items; do not send it with them' });
      const { items, sum } = lineItems(b.lineItems, body.currency as string);
      body.lineItems = items;
      body.amountCents = sum;
    }
  }
  if (b.amountCents !== undefined && b.lineItems === undefined) {
    if ((body.lineItems as unknown[]).length > 0)
      throw invalid({ amountCents: 'is the sum of the line items on this deal' });
    if (b.amountCents !== null && (!Number.isInteger(b.amountCents) || (b.amountCents as number) < 0))
      throw invalid({ amountCents: 'must be a whole number, 0 or more' });
    body.amountCents = b.amountCents;
  }
  if (b.expectedCloseAt !== undefined) body.expectedCloseAt = instant(b.expectedCloseAt, 'expectedCloseAt');
  if (b.ownerUid !== undefined) body.ownerUid = member(b.ownerUid, 'ownerUid');
  if (b.contactId !== undefined) body.contactId = await reference(ctx, 'contactId', b.contactId);
  if (b.companyId !== undefined) body.companyId = await reference(ctx, 'companyId', b.companyId);
  if (b.lostReason !== undefined) body.lostReason = text(b.lostReason, 'lostReason', 5000);
  if (b.notes !== undefined) body.notes = text(b.notes, 'notes', 5000);
  const current = stagesOf(pipeline).find((s) => s.id === body.stageId) ?? null;
  if (fresh || b.stageId !== undefined || b.status !== undefined) {
    const stage = place(pipeline, b.stageId, b.status, fresh ? null : current);
    if (fresh || stage.id !== body.stageId) {
      body.stageId = stage.id;
      body.status = stage.kind;
      body.stageChangedAt = stamp(ctx);
      body.closedAt = stage.kind === 'open' ? null : stamp(ctx);
    }
  }
}

const eventPayload = (
  d: Record<string, unknown>,
  previousStageId: string,
): Record<string, string | number | boolean> => ({
  dealId: String(d.id),
  title: String(d.title),
  amountCents: (d.amountCents as number | null) ?? 0,
  currency: String(d.currency),
  stageId: String(d.stageId),
  previousStageId,
  ownerUid: String(d.ownerUid ?? ''),
  contactId: String(d.contactId ?? ''),
  companyId: String(d.companyId ?? ''),
});

/** Fires dealWon, dealLost or dealStageChanged for a move, and makes a won deal's contact a customer for its site. */
async function moved(
  ctx: Ctx,
  deal: Record<string, unknown>,
  previous: { stageId: string; status: string } | null,
): Promise<void> {
  if (previous && previous.stageId === deal.stageId) return;
  const prev = previous?.stageId ?? '';
  if (deal.status === 'won') ctx.emit('dealWon', eventPayload(deal, prev));
  else if (deal.status === 'lost')
    ctx.emit('dealLost', { ...eventPayload(deal, prev), lostReason: String(deal.lostReason ?? '') });
  else if (previous) ctx.emit('dealStageChanged', eventPayload(deal, prev));
  if (deal.status === 'won' && typeof deal.contactId === 'string')
    await raiseStage(ctx, deal.contactId, String(deal.siteId), 'customer');
}

/** Creates a deal from `input` (a POST body, or a lead conversion's deal). */
export async function createDeal(
  ctx: Ctx,
  input: Record<string, unknown>,
  siteId: string,
): Promise<Record<string, unknown>> {
  const inner: Ctx = { ...ctx, body: input };
  let pipeline: Record<string, unknown>;
  if (input.pipelineId !== undefined && input.pipelineId !== null) {
    const [found] = (await find(ctx.sql, ctx.org, 'pipeline', { id: input.pipelineId })).map((r) => r.body);
    if (!found) throw invalid({ pipelineId: 'is not a pipeline of the organization' });
    if (found.archived === true) throw invalid({ pipelineId: 'is archived' });
    pipeline = found;
  } else pipeline = await defaultPipeline(ctx, siteId);
  const body: Record<string, unknown> = {
    id: '',
    object: 'deal',
    title: requiredText(input.title, 'title', 200),
    pipelineId: pipeline.id,
    stageId: null,
    status: 'open',
    amountCents: null,
    currency: 'usd',
    lineItems: [],
    expectedCloseAt: null,
    closedAt: null,
    stageChangedAt: null,
    ownerUid: null,
    contactId: null,
    companyId: null,
    lostReason: null,
    notes: null,
    siteId,
  };
  await apply(inner, body, pipeline, true);
  await crmBand(ctx, 'deal');
  body.id = await newId(ctx.sql, ctx.org, 'deal', 'dl');
  body.created = body.updated = stamp(ctx);
  await insert(ctx.sql, { org: ctx.org, kind: 'deal' }, body.id as string, body, ctx.now);
  await moved(ctx, body, null);
  return body;
}

export const deals: Record<string, Handler> = {
  'pipelines.list': async (ctx) => ({ body: await crmList(ctx, 'pipeline', []) }),
  'pipelines.retrieve': async (ctx) => ({
    body: wire((await crmRow(ctx, 'pipeline', ctx.params.pipelineId!, 'pipeline')).body),
  }),
  'deals.list': async (ctx) => {
    const status = ctx.query.get('status');
    if (status && !(dealStatuses as readonly string[]).includes(status))
      throw invalid({ status: `must be one of ${dealStatuses.join(', ')}` });
    return { body: await crmList(ctx, 'deal', ['contactId', 'companyId', 'pipelineId', 'ownerUid', 'status']) };
  },
  'deals.retrieve': async (ctx) => ({ body: wire((await crmRow(ctx, 'deal', ctx.params.dealId!, 'deal')).body) }),
  'deals.create': async (ctx) => ({ body: wire(await createDeal(ctx, ctx.body, await consentSite(ctx))) }),
  'deals.update': async (ctx) => {
    refuseKeys(ctx.body, ['consentSiteId', 'siteId', 'visibleTo', 'pipelineId']);
    const row = await crmRow(ctx, 'deal', ctx.params.dealId!, 'deal');
    if (Object.keys(ctx.body).length === 0) return { body: wire(row.body) };
    const [pipeline] = (await find(ctx.sql, ctx.org, 'pipeline', { id: row.body.pipelineId })).map((r) => r.body);
    const body = { ...row.body };
    await apply(ctx, body, pipeline ?? { stages: [] }, false);
    if (unchanged(row.body, body)) return { body: wire(row.body) };
    body.updated = stamp(ctx);
    await save(ctx.sql, { org: ctx.org, kind: 'deal' }, row.id, body, ctx.now);
    await moved(ctx, body, { stageId: String(row.body.stageId), status: String(row.body.status) });
    return { body: wire(body) };
  },
  'deals.delete': async (ctx) => {
    const row = await crmRow(ctx, 'deal', ctx.params.dealId!, 'deal');
    await remove(ctx.sql, { org: ctx.org, kind: 'deal' }, row.id);
    return { body: receipt(row.id, 'deal') };
  },
};
