// SIP message model, the head parser shared by UDP and TCP, serialisation and header access (RFC 3261 §7).
import { fail, ok, type ParseResult } from '../result.js';
import { canonicalHeaderName, isListHeader, isToken, normaliseHeaderName, splitList } from './headers.js';

/** Header names are stored lower-case, compact forms expanded (v, f, t, i, m, l, c, k, s, e, o, u). */
export type SipHeaders = Map<string, string[]>;
export interface SipRequest {
  kind: 'request';
  method: string;
  uri: string;
  headers: SipHeaders;
  body: Buffer;
}
export interface SipResponse {
  kind: 'response';
  status: number;
  reason: string;
  headers: SipHeaders;
  body: Buffer;
}
export type SipMessage = SipRequest | SipResponse;
export interface SipLimits {
  maxMessageBytes: number;
  maxHeaders: number;
  maxLineBytes: number;
}

export const DEFAULT_SIP_LIMITS: SipLimits = { maxMessageBytes: 64 * 1024, maxHeaders: 64, maxLineBytes: 8 * 1024 };

export function resolveLimits(limits?: Partial<SipLimits>): SipLimits {
  return limits === undefined ? DEFAULT_SIP_LIMITS : { ...DEFAULT_SIP_LIMITS, ...limits };
}

const LF = 0x0a;
const CR = 0x0d;
const SP = 0x20;
const HTAB = 0x09;

export type HeadScan =
  | { state: 'incomplete'; lineStart: number }
  | { state: 'error'; error: string }
  | { state: 'done'; headEnd: number; bodyStart: number };

/**
 * Looks for the empty line ending the head, from `from` (a line start) up to `to`. Bare LF is accepted as a
 * line end because some device firmware sends it.
 */
export function scanHead(buf: Buffer, from: number, to: number, maxLineBytes: number): HeadScan {
  let pos = from;
  // One view bounded at `to` (a stream's buffer holds stale bytes after it), searched line by line.
  const view = buf.subarray(0, to);
  while (pos < to) {
    const nl = view.indexOf(LF, pos);
    if (nl < 0) break;
    const lineLen = nl > pos && buf[nl - 1] === CR ? nl - 1 - pos : nl - pos;
    if (lineLen > maxLineBytes) return { state: 'error', error: `header line longer than ${maxLineBytes} bytes` };
    if (lineLen === 0) return { state: 'done', headEnd: pos, bodyStart: nl + 1 };
    pos = nl + 1;
  }
  if (to - pos > maxLineBytes) return { state: 'error', error: `header line longer than ${maxLineBytes} bytes` };
  return { state: 'incomplete', lineStart: pos };
}

export type SipHead =
  | { kind: 'request'; method: string; uri: string; headers: SipHeaders }
  | { kind: 'response'; status: number; reason: string; headers: SipHeaders };

const REQUEST_LINE = /^(\S+) (\S+) SIP\/2\.0$/i;
const STATUS_LINE = /^SIP\/2\.0 (\d{3})(?: (.*))?$/i;

type StartLine =
  { kind: 'request'; method: string; uri: string } | { kind: 'response'; status: number; reason: string };

function parseStartLine(line: string): ParseResult<StartLine> {
  const st = STATUS_LINE.exec(line);
  if (st) {
    const status = Number(st[1]);
    if (status < 100 || status > 699) return fail(`status code ${status} out of range`);
    return ok({ kind: 'response', status, reason: st[2] ?? '' });
  }
  const rq = REQUEST_LINE.exec(line);
  if (rq && isToken(rq[1]!)) return ok({ kind: 'request', method: rq[1]!, uri: rq[2]! });
  return fail(`bad start line: ${JSON.stringify(line.slice(0, 80))}`);
}

/** Header lines, unfolded (RFC 3261 §7.3.1) and stored as each field ends: no array of lines or fields. */
class FieldCollector {
  readonly headers: SipHeaders = new Map();
  private name: string | undefined;
  private value = '';
  private count = 0;

  constructor(private readonly maxHeaders: number) {}

  /** Takes the next line; answers an error message or undefined. */
  line(line: string): string | undefined {
    const first = line.charCodeAt(0);
    if (first === SP || first === HTAB) {
      if (this.name === undefined) return 'continuation line before the first header';
      this.value = `${this.value} ${line.trim()}`.trim();
      return undefined;
    }
    const colon = line.indexOf(':');
    if (colon < 0) return `header without colon: ${JSON.stringify(line.slice(0, 80))}`;
    const name = line.slice(0, colon).trim();
    if (!isToken(name)) return `bad header name: ${JSON.stringify(name.slice(0, 80))}`;
    if (this.count >= this.maxHeaders) return `more than ${this.maxHeaders} headers`;
    this.count++;
    this.store();
    this.name = name;
    this.value = line.slice(colon + 1).trim();
    return undefined;
  }

  finish(): SipHeaders {
    this.store();
    return this.headers;
  }

  private store(): void {
    if (this.name === undefined) return;
    const name = normaliseHeaderName(this.name);
    const values = isListHeader(name) ? splitList(this.value) : [this.value];
    if (values.length === 0) values.push('');
    const list = this.headers.get(name);
    if (list === undefined) this.headers.set(name, values);
    else for (const v of values) list.push(v);
    this.name = undefined;
  }
}

/** Where the last line of a head ends: one trailing line end belongs to the head, not to an empty last line. */
function headTextEnd(text: string): number {
  const end = text.length;
  if (text.charCodeAt(end - 1) !== LF) return end;
  return text.charCodeAt(end - 2) === CR ? end - 2 : end - 1;
}

/** Parses the head text (start line and header lines, without the empty line). */
export function parseHead(text: string, maxHeaders: number): ParseResult<SipHead> {
  const end = headTextEnd(text);
  let start: StartLine | undefined;
  const fields = new FieldCollector(maxHeaders);
  // Lines end at LF or CRLF; a CR elsewhere stays in its line.
  for (let from = 0; ;) {
    const lf = text.indexOf('\n', from);
    const last = lf < 0 || lf >= end;
    const stop = last ? end : lf > from && text.charCodeAt(lf - 1) === CR ? lf - 1 : lf;
    const line = text.slice(from, stop);
    if (start === undefined) {
      const sl = parseStartLine(line);
      if (!sl.ok) return sl;
      start = sl.value;
    } else {
      const error = fields.line(line);
      if (error !== undefined) return fail(error);
    }
    if (last) break;
    from = lf + 1;
  }
  const headers = fields.finish();
  return ok(
    start.kind === 'request'
      ? { kind: 'request', method: start.method, uri: start.uri, headers }
      : { kind: 'response', status: start.status, reason: start.reason, headers },
  );
}

/** Content-Length of a head: undefined when absent; an error when malformed or contradictory. */
export function headContentLength(headers: SipHeaders): ParseResult<number | undefined> {
  const values = headers.get('content-length');
  if (!values || values.length === 0) return ok(undefined);
  if (values.length > 1 && new Set(values.map((v) => v.trim())).size > 1) {
    return fail('conflicting Content-Length headers');
  }
  const v = values[0]!.trim();
  if (!/^\d{1,10}$/.test(v)) return fail(`bad Content-Length: ${JSON.stringify(v.slice(0, 20))}`);
  return ok(Number(v));
}

export function assemble(head: SipHead, body: Buffer): SipMessage {
  return head.kind === 'request'
    ? { kind: 'request', method: head.method, uri: head.uri, headers: head.headers, body }
    : { kind: 'response', status: head.status, reason: head.reason, headers: head.headers, body };
}

/** Leading CR/LF before a start line are keep-alive noise (RFC 3261 §7.5, RFC 5626 §3.5.1). */
export function skipCrlf(buf: Buffer, from: number, to: number): number {
  let i = from;
  while (i < to && (buf[i] === CR || buf[i] === LF)) i++;
  return i;
}

/** One UDP datagram. Content-Length, when present, must not exceed the bytes that follow. */
export function parseSipMessage(buf: Buffer, limits?: Partial<SipLimits>): ParseResult<SipMessage> {
  const lim = resolveLimits(limits);
  if (buf.length > lim.maxMessageBytes) return fail(`message larger than ${lim.maxMessageBytes} bytes`);
  const start = skipCrlf(buf, 0, buf.length);
  if (start >= buf.length) return fail('empty message');
  const scan = scanHead(buf, start, buf.length, lim.maxLineBytes);
  if (scan.state === 'error') return fail(scan.error);
  if (scan.state === 'incomplete') return fail('head not terminated by an empty line');
  const head = parseHead(buf.toString('utf8', start, scan.headEnd), lim.maxHeaders);
  if (!head.ok) return head;
  const cl = headContentLength(head.value.headers);
  if (!cl.ok) return cl;
  const available = buf.length - scan.bodyStart;
  const length = cl.value ?? available;
  if (length > available) return fail(`Content-Length ${length} exceeds the ${available} body bytes received`);
  return ok(assemble(head.value, Buffer.from(buf.subarray(scan.bodyStart, scan.bodyStart + length))));
}

function startLine(msg: SipMessage): string {
  return msg.kind === 'request' ? `${msg.method} ${msg.uri} SIP/2.0` : `SIP/2.0 ${msg.status} ${msg.reason}`;
}

/** Writes the message; Content-Length always states the body's byte length (kept in place when present). */
export function serializeSip(msg: SipMessage): Buffer {
  let head = startLine(msg);
  let wroteLength = false;
  for (const [name, values] of msg.headers) {
    if (name === 'content-length') {
      if (!wroteLength) head += `\r\nContent-Length: ${msg.body.length}`;
      wroteLength = true;
      continue;
    }
    const wire = canonicalHeaderName(name);
    for (const v of values) head += `\r\n${wire}: ${v}`;
  }
  if (!wroteLength) head += `\r\nContent-Length: ${msg.body.length}`;
  head += '\r\n\r\n';
  if (msg.body.length === 0) return Buffer.from(head, 'utf8');
  // Head and body written into one allocation rather than a head buffer concatenated with the body.
  const headBytes = Buffer.byteLength(head, 'utf8');
  const out = Buffer.allocUnsafe(headBytes + msg.body.length);
  out.write(head, 0, 'utf8');
  msg.body.copy(out, headBytes);
  return out;
}

/** First value, name case-insensitive (compact forms accepted). */
export function getHeader(msg: SipMessage, name: string): string | undefined {
  return msg.headers.get(normaliseHeaderName(name))?.[0];
}

/** All values of a header, in order; [] when absent. */
export function getHeaders(msg: SipMessage, name: string): string[] {
  return msg.headers.get(normaliseHeaderName(name)) ?? [];
}

export function setHeader(msg: SipMessage, name: string, value: string | string[]): void {
  msg.headers.set(normaliseHeaderName(name), Array.isArray(value) ? [...value] : [value]);
}
