// What a fault is, read from its JSON (the admin surface) or from code (`emu.faults.add`):
// every field checked, a refusal naming the field. docs/emulator.md, "Faults".

/** A fault as asked for. `path` is a request path with `*` standing for one segment. */
export interface FaultSpec {
  /** GET, POST, PUT, PATCH or DELETE; omitted: any method. */
  method?: string;
  /** `/v1/sites/*\/orders`: the request's path, `*` for any one segment. */
  path: string;
  /** The status to answer (default 500, or the real answer when only `delayMs` is given). */
  status?: number;
  /** The JSON body to answer; default the error envelope of 000 §7 for the status. */
  body?: unknown;
  /** Headers added to the answer. */
  headers?: Record<string, string>;
  /** Seconds, sent as `Retry-After` (a 429 without it sends 1). */
  retryAfter?: number;
  /** Waits this long first (then answers as told, or lets the request through when nothing else is asked). */
  delayMs?: number;
  /** Drops the connection instead of answering (after `delayMs`). */
  reset?: true;
  /** How many matching requests it answers (default 1). */
  times?: number;
}

/** A fault held by the emulator: what it answers, and how many more requests it takes. */
export interface Fault {
  object: 'fault';
  id: string;
  method: string | null;
  path: string;
  /** The status it answers; null when it drops the connection or only delays the real answer. */
  status: number | null;
  body: unknown;
  headers: Record<string, string>;
  delayMs: number;
  reset: boolean;
  times: number;
  /** Matching requests it will still answer; it is removed at 0. */
  remaining: number;
  created: string;
}

/** A fault refused: `field` names what is wrong. */
export class FaultError extends TypeError {
  readonly field: string;
  readonly reason: string;
  constructor(field: string, reason: string) {
    super(`The fault's ${field} ${reason}`);
    this.field = field;
    this.reason = reason;
  }
}

const fields = ['method', 'path', 'status', 'body', 'headers', 'retryAfter', 'delayMs', 'reset', 'times'];
const methods = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];
/** The error type of each status 000 §7 lists; any other 5xx answers `internal_error` (kit policy). */
const errorTypes: Record<number, string> = {
  400: 'bad_request',
  401: 'unauthorized',
  403: 'plan_required',
  404: 'not_found',
  409: 'conflict',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  429: 'rate_limited',
  451: 'unavailable_for_legal_reasons',
  500: 'internal_error',
};
export const maxDelayMs = 600_000;
const maxTimes = 1_000_000;
const token = /^[!#$%&'*+.^_`|~0-9a-z-]+$/i;
/** Headers the emulator writes itself: a fault naming one would break the answer's framing. */
const framing = new Set(['content-length', 'transfer-encoding', 'connection', 'keep-alive', 'upgrade', 'trailer']);

const integer = (v: unknown, field: string, min: number, max: number): number => {
  if (typeof v !== 'number' || !Number.isInteger(v) || v < min || v > max)
    throw new FaultError(field, `must be a whole number from ${min} to ${max}`);
  return v;
};

function pathPattern(v: unknown): string {
  if (typeof v !== 'string' || !v.startsWith('/'))
    throw new FaultError('path', 'is required: a request path such as /v1/contacts/* (`*` for one segment)');
  if (v.length > 2000) throw new FaultError('path', 'must be at most 2,000 characters');
  if (/[?#\s]/.test(v)) throw new FaultError('path', 'is a path only: no query, fragment or space');
  if (v === '/__emulator' || v.startsWith('/__emulator/'))
    throw new FaultError('path', 'must not be on the admin surface (/__emulator), which faults never answer');
  if (v.split('/').some((s) => s.includes('*') && s !== '*'))
    throw new FaultError('path', 'may use `*` only as a whole segment (/v1/contacts/*), never inside one');
  return v;
}

function headerMap(v: unknown): Record<string, string> {
  if (typeof v !== 'object' || v === null || Array.isArray(v))
    throw new FaultError('headers', 'must be an object of header names to string values');
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(v)) {
    const at = `headers.${name}`;
    if (!token.test(name)) throw new FaultError(at, 'is not a header name');
    if (framing.has(name.toLowerCase())) throw new FaultError(at, 'is written by the emulator itself');
    if (typeof value !== 'string' || /[\r\n\0]/.test(value))
      throw new FaultError(at, 'must be a string without line breaks');
    out[name] = value;
  }
  if (Object.keys(out).length > 50) throw new FaultError('headers', 'must name at most 50 headers');
  return out;
}

/** The answer's body a fault sends by default: the error envelope for its status. */
function envelope(status: number, id: string): unknown {
  const type = errorTypes[status] ?? (status >= 500 ? 'internal_error' : undefined);
  if (type === undefined) return undefined;
  return {
    error: {
      type,
      message: `Injected by the emulator's fault ${id}`,
      ...(status === 400 ? { code: 'validation_failed', fields: {} } : {}),
    },
  };
}

/** Checks a fault's fields and returns it whole; throws FaultError naming the first bad field. */
export function readFault(input: unknown, id: string, now: number): Fault {
  if (typeof input !== 'object' || input === null || Array.isArray(input))
    throw new FaultError('body', 'must be a JSON object with at least `path`');
  const spec = input as Record<string, unknown>;
  const unknown = Object.keys(spec).find((k) => !fields.includes(k));
  if (unknown !== undefined) throw new FaultError(unknown, `is not a fault field (fields: ${fields.join(', ')})`);
  const path = pathPattern(spec.path);
  let method: string | null = null;
  if (spec.method !== undefined) {
    if (typeof spec.method !== 'string' || !methods.includes(spec.method.toUpperCase()))
      throw new FaultError('method', `must be one of ${methods.join(', ')}`);
    method = spec.method.toUpperCase();
  }
  const times = spec.times === undefined ? 1 : integer(spec.times, 'times', 1, maxTimes);
  const delayMs = spec.delayMs === undefined ? 0 : integer(spec.delayMs, 'delayMs', 0, maxDelayMs);
  const headers = spec.headers === undefined ? {} : headerMap(spec.headers);
  const retryAfter = spec.retryAfter === undefined ? undefined : integer(spec.retryAfter, 'retryAfter', 0, 86_400);
  const base = { object: 'fault' as const, id, method, path, delayMs, times, remaining: times };
  const created = new Date(now).toISOString();
  if (spec.reset !== undefined) {
    if (spec.reset !== true) throw new FaultError('reset', 'must be true (drop the connection) or left out');
    const answering = ['status', 'body', 'headers', 'retryAfter'].find((k) => spec[k] !== undefined);
    if (answering !== undefined)
      throw new FaultError('reset', `drops the connection, so it cannot be given with ${answering}`);
    return { ...base, status: null, body: null, headers: {}, reset: true, created };
  }
  const delayOnly = spec.status === undefined && spec.body === undefined && spec.delayMs !== undefined;
  if (delayOnly && (spec.headers !== undefined || retryAfter !== undefined))
    throw new FaultError(
      'status',
      'is required with headers or retryAfter (a delay alone lets the real answer through)',
    );
  if (delayOnly) return { ...base, status: null, body: null, headers: {}, reset: false, created };
  const status = spec.status === undefined ? 500 : integer(spec.status, 'status', 200, 599);
  const body = spec.body !== undefined ? spec.body : envelope(status, id);
  if (body === undefined)
    throw new FaultError('body', `is required for status ${status}: 000 §7 gives it no error envelope`);
  let text: string | undefined;
  try {
    text = JSON.stringify(body);
  } catch {
    text = undefined;
  }
  if (text === undefined) throw new FaultError('body', 'must be a JSON value');
  if (text.length > 1024 * 1024) throw new FaultError('body', 'must be at most 1 MB of JSON');
  const named = Object.keys(headers).find((n) => n.toLowerCase() === 'retry-after');
  if (retryAfter !== undefined && named !== undefined) delete headers[named];
  const retry = retryAfter ?? (status === 429 && named === undefined ? 1 : undefined);
  return {
    ...base,
    status,
    body: JSON.parse(text) as unknown,
    headers: { ...headers, ...(retry !== undefined ? { 'Retry-After': String(retry) } : {}) },
    reset: false,
    created,
  };
}
