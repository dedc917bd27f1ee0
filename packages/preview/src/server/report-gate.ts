// Who may write to the network log. The browser posts CSP reports for the
// frames, and only for them: the frames' policy carries a per-session secret in
// its report-uri (the header is never readable from another origin), and a
// browser sends `application/csp-report`, a type no page on another origin can
// send without a CORS preflight this server never answers. Anything else is refused.
import { randomBytes, timingSafeEqual } from 'node:crypto';

/** The path the frames' CSP reports to: `/__extkit/csp-report/<secret>`. */
export const REPORT_PATH = '/__extkit/csp-report/';

/** The content type browsers send for `report-uri` reports. */
export const REPORT_TYPE = 'application/csp-report';

/** A fresh secret for one dev-server session (unguessable, URL-safe). */
export const newReportSecret = (): string => randomBytes(24).toString('base64url');

export type ReportVerdict = { ok: true } | { ok: false; status: 403 | 415; reason: string };

/** Whether a POST to `pathname` with `contentType` is one of this session's frames reporting. */
export function checkReport(pathname: string, contentType: string | undefined, secret: string): ReportVerdict {
  const given = Buffer.from(pathname.startsWith(REPORT_PATH) ? pathname.slice(REPORT_PATH.length) : '');
  const expected = Buffer.from(secret);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    return {
      ok: false,
      status: 403,
      reason: "Refused: CSP reports are accepted only at the report-uri of this session's frames.",
    };
  }
  const type = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
  if (type !== REPORT_TYPE)
    return {
      ok: false,
      status: 415,
      reason: `Refused: a CSP report is sent as ${REPORT_TYPE}, not ${JSON.stringify(type)}.`,
    };
  return { ok: true };
}
