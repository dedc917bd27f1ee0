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
