// Builders of outgoing SIP requests and of responses that mirror a request (RFC 3261 §8.1.1, §8.2.6).
import { newBranch } from './fields.js';
import { type SipHeaders, type SipRequest, type SipResponse } from './message.js';
import { normaliseHeaderName } from './headers.js';

const REASONS = new Map<number, string>([
  [100, 'Trying'],
  [180, 'Ringing'],
  [200, 'OK'],
  [400, 'Bad Request'],
  [401, 'Unauthorized'],
  [403, 'Forbidden'],
  [404, 'Not Found'],
  [405, 'Method Not Allowed'],
  [408, 'Request Timeout'],
  [415, 'Unsupported Media Type'],
  [481, 'Call/Transaction Does Not Exist'],
  [486, 'Busy Here'],
  [487, 'Request Terminated'],
  [488, 'Not Acceptable Here'],
  [500, 'Server Internal Error'],
  [501, 'Not Implemented'],
  [503, 'Service Unavailable'],
]);

export function reasonPhrase(status: number): string {
  return REASONS.get(status) ?? (status < 300 ? 'OK' : 'Error');
}

function addHeader(headers: SipHeaders, name: string, value: string): void {
  const key = normaliseHeaderName(name);
  const list = headers.get(key) ?? [];
  list.push(value);
  headers.set(key, list);
}

function hasTag(nameAddr: string): boolean {
  // Params after the closing '>' (or anywhere when there is no '<'); a tag inside the URI does not count.
  const gt = nameAddr.lastIndexOf('>');
  return /;\s*tag\s*=/i.test(gt < 0 ? nameAddr : nameAddr.slice(gt));
}

/** Copies Via (all), From, To (adds toTag when given and To has none), Call-ID, CSeq; Content-Length set on serialise. */
export function buildResponse(
  req: SipRequest,
  status: number,
  reason?: string,
  opts?: { toTag?: string; headers?: [string, string][]; body?: Buffer; contentType?: string },
): SipResponse {
  const headers: SipHeaders = new Map();
  for (const name of ['via', 'from', 'to', 'call-id', 'cseq']) {
    const values = req.headers.get(name);
    if (values) headers.set(name, [...values]);
  }
  const to = headers.get('to');
  if (opts?.toTag !== undefined && to?.[0] !== undefined && !hasTag(to[0])) to[0] = `${to[0]};tag=${opts.toTag}`;
  for (const [name, value] of opts?.headers ?? []) addHeader(headers, name, value);
  const body = opts?.body ?? Buffer.alloc(0);
  if (opts?.contentType !== undefined) addHeader(headers, 'content-type', opts.contentType);
  return { kind: 'response', status, reason: reason ?? reasonPhrase(status), headers, body };
}

export interface RequestSpec {
  method: string;
  uri: string;
  from: { uri: string; tag: string };
  to: { uri: string; tag?: string };
  callId: string;
  cseq: number;
  via: { transport: 'UDP' | 'TCP'; host: string; port: number; branch?: string; rport?: boolean };
  contact?: string;
  maxForwards?: number;
  userAgent?: string;
  headers?: [string, string][];
  body?: Buffer;
  contentType?: string;
}

function angle(uri: string): string {
  return uri.includes('<') ? uri : `<${uri}>`;
}

export function buildRequest(spec: RequestSpec): SipRequest {
  const headers: SipHeaders = new Map();
  const { via } = spec;
  const rport = via.rport === true ? ';rport' : '';
  addHeader(
    headers,
    'via',
    `SIP/2.0/${via.transport} ${via.host}:${via.port}${rport};branch=${via.branch ?? newBranch()}`,
  );
  addHeader(headers, 'from', `${angle(spec.from.uri)};tag=${spec.from.tag}`);
  addHeader(headers, 'to', spec.to.tag !== undefined ? `${angle(spec.to.uri)};tag=${spec.to.tag}` : angle(spec.to.uri));
  addHeader(headers, 'call-id', spec.callId);
  addHeader(headers, 'cseq', `${spec.cseq} ${spec.method}`);
  if (spec.contact !== undefined) addHeader(headers, 'contact', angle(spec.contact));
  addHeader(headers, 'max-forwards', String(spec.maxForwards ?? 70));
  if (spec.userAgent !== undefined) addHeader(headers, 'user-agent', spec.userAgent);
  for (const [name, value] of spec.headers ?? []) addHeader(headers, name, value);
  if (spec.contentType !== undefined) addHeader(headers, 'content-type', spec.contentType);
  return { kind: 'request', method: spec.method, uri: spec.uri, headers, body: spec.body ?? Buffer.alloc(0) };
}
