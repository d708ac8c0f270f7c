// Fields a device reads from the platform's 200 OK to REGISTER: the granted expiry and the Date used for time sync.
import { getHeader, parseNameAddr, type SipResponse } from '@svc/gb28181';

/** GB28181 Date header: local time without zone, e.g. 2024-05-01T12:00:00.000; RFC 1123 also accepted. */
export function parseSipDate(value: string | undefined): Date | undefined {
  if (value === undefined) return undefined;
  const ms = Date.parse(value.trim());
  return Number.isNaN(ms) ? undefined : new Date(ms);
}

export function grantedExpires(res: SipResponse, asked: number): number {
  const header = Number(getHeader(res, 'expires'));
  if (Number.isFinite(header) && header > 0) return header;
  const contact = getHeader(res, 'contact');
  const parsed = contact === undefined ? undefined : parseNameAddr(contact);
  const param = parsed?.ok ? Number(parsed.value.params.get('expires')) : NaN;
  return Number.isFinite(param) && param > 0 ? param : asked;
}
