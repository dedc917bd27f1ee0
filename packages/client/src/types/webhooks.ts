// Outbound webhook deliveries (document 1, section 6). Every payload value is a
// string, number or boolean; optional keys are present and empty rather than missing.

/** A payload value as delivered. */
export type WebhookValue = string | number | boolean;

export interface LeadEventPayload {
  email: string;
  source: string;
  leadId: string;
  /** Present when the capture carried one. */
  name?: string;
}

export interface ContactCreatedEventPayload {
  contactId: string;
  email: string;
  name: string;
  source: string;
  hostId: string;
  lifecycleStage: string;
  /** Only when the capture came through a campaign. */
  campaignIds?: string;
}

export interface ContactStageChangedEventPayload {
  contactId: string;
  email: string;
  lifecycleStage: string;
  previousStage: string;
}

export interface DealEventPayload {
  dealId: string;
  title: string;
  amountCents: number | '';
  currency: string;
  stageId: string;
  previousStageId: string;
  ownerUid: string;
  contactId: string;
  companyId: string;
}

export interface DealLostEventPayload extends DealEventPayload {
  lostReason: string;
}

export interface TaskCompletedEventPayload {
  taskId: string;
  title: string;
  kind: string;
  priority: string;
  dueAtMs: number | '';
  completedAtMs: number | '';
  completedByUid: string;
  assigneeUid: string;
  createdByUid: string;
  contactId: string;
  companyId: string;
  dealId: string;
  taskHostId: string;
}

/** Payload of an event whose keys the documents do not list. */
export type UntypedWebhookPayload = Record<string, WebhookValue>;

interface Delivery<E extends string, P> {
  /** True for the events the documents list; check it first to narrow on `event`. */
  known: true;
  event: E;
  payload: P;
  /** ISO 8601. */
  sentAt: string;
}

export type LeadEvent = Delivery<'lead', LeadEventPayload>;
export type ContactCreatedEvent = Delivery<'contactCreated', ContactCreatedEventPayload>;
export type ContactStageChangedEvent = Delivery<'contactStageChanged', ContactStageChangedEventPayload>;
export type DealStageChangedEvent = Delivery<'dealStageChanged', DealEventPayload>;
export type DealWonEvent = Delivery<'dealWon', DealEventPayload>;
export type DealLostEvent = Delivery<'dealLost', DealLostEventPayload>;
export type TaskCompletedEvent = Delivery<'taskCompleted', TaskCompletedEventPayload>;
/** Documented events whose payload keys are not shown. */
export type UntypedDocumentedEvent = Delivery<
  'formSubmission' | 'booking' | 'memberSignUp' | 'pageView',
  UntypedWebhookPayload
>;

/** An event the documents do not list, passed through with its name. */
export interface UnknownWebhookEvent {
  known: false;
  event: string;
  payload: UntypedWebhookPayload;
  sentAt: string;
}

/** The documented events: `event` discriminates the payload type. */
export type DocumentedWebhookEvent =
  | LeadEvent
  | ContactCreatedEvent
  | ContactStageChangedEvent
  | DealStageChangedEvent
  | DealWonEvent
  | DealLostEvent
  | TaskCompletedEvent
  | UntypedDocumentedEvent;

/**
 * What `parseWebhookEvent` returns. Narrow with `known` first, then on `event`:
 * `if (e.known && e.event === 'dealWon') e.payload.amountCents`.
 */
export type WebhookEvent = DocumentedWebhookEvent | UnknownWebhookEvent;

export const documentedEventNames = [
  'lead',
  'contactCreated',
  'contactStageChanged',
  'dealStageChanged',
  'dealWon',
  'dealLost',
  'taskCompleted',
  'formSubmission',
  'booking',
  'memberSignUp',
  'pageView',
] as const;
export type DocumentedEventName = (typeof documentedEventNames)[number];
