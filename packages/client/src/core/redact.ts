// A server that echoes the credential it was sent (a proxy's debug page, "Invalid key sk_live_...")
// must not carry it into an error message, a log line or a crash report.

/** Shortest run of a secret's characters that counts as an echo of it. */
const RUN = 12;
/** Secrets shorter than this are not real keys (the API's are far longer) and are left alone. */
const SHORTEST = 6;

/**
 * `text` with every echo of `secret` (the whole, or any run of 12 or more of its
 * characters, such as a truncated or partly masked key) replaced by `[redacted]`.
 */
export function redact(text: string, secret: string): string {
  const run = Math.min(RUN, secret.length);
  if (secret.length < SHORTEST || text.length < run) return text;
  let out = '';
  let from = 0;
  let i = 0;
  while (i <= text.length - run) {
    if (!secret.includes(text.slice(i, i + run))) {
      i++;
      continue;
    }
    let end = i + run;
    while (end < text.length && secret.includes(text.slice(i, end + 1))) end++;
    out += `${text.slice(from, i)}[redacted]`;
    from = i = end;
  }
  return out + text.slice(from);
}

/** How deep a cause chain is followed (undici nests a socket error two deep). */
const CAUSE_DEPTH = 4;

function echoes(error: unknown, secret: string, depth: number): boolean {
  if (typeof error === 'string') return redact(error, secret) !== error;
  if (typeof error !== 'object' || error === null || depth > CAUSE_DEPTH) return false;
  const e = error as { message?: unknown; stack?: unknown; cause?: unknown; errors?: unknown };
  return (
    [e.message, e.stack].some((t) => typeof t === 'string' && redact(t, secret) !== t) ||
    echoes(e.cause, secret, depth + 1) ||
    (Array.isArray(e.errors) && e.errors.some((x) => echoes(x, secret, depth + 1)))
  );
}

/**
 * A failure fit to become an error's `cause`: itself when nothing in it (message, stack,
 * causes, an AggregateError's errors) echoes `secret`; otherwise a plain Error copy with
 * the same name and `code`, its message and causes redacted.
 */
export function redactCause(error: unknown, secret: string, depth = 0): unknown {
  if (!echoes(error, secret, depth)) return error;
  if (typeof error === 'string') return redact(error, secret);
  const e = error as { name?: unknown; message?: unknown; code?: unknown; cause?: unknown };
  const cause = e.cause === undefined || depth >= CAUSE_DEPTH ? undefined : redactCause(e.cause, secret, depth + 1);
  const copy = new Error(
    redact(typeof e.message === 'string' ? e.message : '', secret),
    cause === undefined ? undefined : { cause },
  ) as Error & { code?: unknown };
  if (typeof e.name === 'string') copy.name = e.name;
  if (e.code !== undefined) copy.code = e.code;
  return copy;
}

/**
 * Why `key` cannot be sent as `Authorization: Bearer <key>`, without quoting it (a message
 * can reach a log): a character outside visible ASCII (a line break, NUL, a control, a space,
 * a non-ASCII character), or null when it can.
 */
export function apiKeyProblem(key: string): string | null {
  for (let i = 0; i < key.length; i++) {
    const code = key.charCodeAt(i);
    if (code < 0x21 || code > 0x7e) {
      const what =
        code === 10 || code === 13
          ? 'a line break'
          : code === 0
            ? 'a NUL'
            : code === 32
              ? 'a space'
              : code < 0x20 || code === 0x7f
                ? 'a control character'
                : 'a character outside ASCII';
      return `it holds ${what} (U+${code.toString(16).toUpperCase().padStart(4, '0')}) at position ${i + 1} of ${key.length}, which an HTTP header cannot carry`;
    }
  }
  return null;
}
