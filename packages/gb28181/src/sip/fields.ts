// Parsers of the structured SIP header values a GB28181 peer reads (name-addr, Via, CSeq, SIP URI) and id makers.
import { randomFillSync } from 'node:crypto';
import { fail, ok, type ParseResult } from '../result.js';
import { isToken } from './headers.js';

export interface NameAddr {
  display?: string;
  uri: string;
  params: Map<string, string>;
}
export interface Via {
  transport: 'UDP' | 'TCP' | string;
  host: string;
  port?: number;
  params: Map<string, string>;
}
export interface SipUri {
  user?: string;
  host: string;
  port?: number;
  params: Map<string, string>;
}

/** ";a=b;c" → {a: 'b', c: ''}; names lower-cased, quoted values unquoted. */
export function parseParams(text: string): ParseResult<Map<string, string>> {
  const params = new Map<string, string>();
  const quotes = text.includes('"');
  for (let from = 0; from <= text.length;) {
    const end = paramEnd(text, from, quotes);
    const part = text.slice(from, end).trim();
    from = end + 1;
    if (part.length === 0) continue;
    const eq = part.indexOf('=');
    const name = (eq < 0 ? part : part.slice(0, eq)).trim().toLowerCase();
    if (!isToken(name)) return fail(`bad parameter name: ${JSON.stringify(name.slice(0, 40))}`);
    params.set(name, eq < 0 ? '' : unquote(part.slice(eq + 1).trim()));
  }
  return ok(params);
}

/**
 * Where the parameter starting at `from` ends: the next ';' outside quotes, or the end of the text. Without
 * any quote in the text that is a plain search (branch=…, tag=… are never quoted).
 */
function paramEnd(text: string, from: number, quotes: boolean): number {
  if (!quotes) {
    const semi = text.indexOf(';', from);
    return semi < 0 ? text.length : semi;
  }
  let quoted = false;
  for (let i = from; i < text.length; i++) {
    const ch = text[i];
    if (quoted && ch === '\\') i++;
    else if (ch === '"') quoted = !quoted;
    else if (!quoted && ch === ';') return i;
  }
  return text.length;
}

export function unquote(v: string): string {
  if (v.length >= 2 && v.startsWith('"') && v.endsWith('"')) return v.slice(1, -1).replace(/\\(.)/g, '$1');
  return v;
}

/** From/To/Contact value: `"Name" <sip:…>;tag=x`, `<sip:…>;tag=x` or a bare `sip:…;tag=x` (params are the header's). */
export function parseNameAddr(value: string): ParseResult<NameAddr> {
  const v = value.trim();
  const lt = indexOutsideQuotes(v, '<');
  if (lt < 0) {
    const semi = v.indexOf(';');
    const uri = (semi < 0 ? v : v.slice(0, semi)).trim();
    if (uri.length === 0 || /[\s"<>]/.test(uri)) return fail('bad address');
    const params = parseParams(semi < 0 ? '' : v.slice(semi + 1));
    return params.ok ? ok({ uri, params: params.value }) : params;
  }
  const gt = v.indexOf('>', lt);
  if (gt < 0) return fail('unterminated <uri>');
  const uri = v.slice(lt + 1, gt).trim();
  if (uri.length === 0) return fail('empty uri');
  const rest = v.slice(gt + 1).trim();
  if (rest.length > 0 && !rest.startsWith(';')) return fail('junk after <uri>');
  const params = parseParams(rest.slice(1));
  if (!params.ok) return params;
  const display = unquote(v.slice(0, lt).trim());
  return ok(display.length > 0 ? { display, uri, params: params.value } : { uri, params: params.value });
}

function indexOutsideQuotes(text: string, ch: string): number {
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted && c === '\\') i++;
    else if (c === '"') quoted = !quoted;
    else if (!quoted && c === ch) return i;
  }
  return -1;
}

/** host, host:port, [v6], [v6]:port */
function parseHostPort(text: string): ParseResult<{ host: string; port?: number }> {
  const m = /^(\[[0-9A-Fa-f:.]+\]|[^\s:;[\]]+)(?::(\d{1,5}))?$/.exec(text.trim());
  if (!m) return fail(`bad host: ${JSON.stringify(text.slice(0, 60))}`);
  if (m[2] === undefined) return ok({ host: m[1]! });
  const port = Number(m[2]);
  if (port > 65535) return fail(`bad port ${port}`);
  return ok({ host: m[1]!, port });
}

/** "SIP/2.0/UDP 192.168.1.64:5060;rport;branch=z9hG4bK…" */
export function parseVia(value: string): ParseResult<Via> {
  const m = /^SIP\s*\/\s*2\.0\s*\/\s*([A-Za-z0-9-]+)\s+([^;]+)(;.*)?$/i.exec(value.trim());
  if (!m) return fail(`bad Via: ${JSON.stringify(value.slice(0, 80))}`);
  const hp = parseHostPort(m[2]!);
  if (!hp.ok) return hp;
  const params = parseParams((m[3] ?? '').slice(1));
  if (!params.ok) return params;
  // Built field by field rather than spread: a Via is read on every response and every request sent.
  const transport = m[1]!.toUpperCase();
  const { host, port } = hp.value;
  return ok(
    port === undefined ? { transport, host, params: params.value } : { transport, host, port, params: params.value },
  );
}

export function parseCSeq(value: string): ParseResult<{ seq: number; method: string }> {
  const m = /^(\d{1,10})\s+(\S+)$/.exec(value.trim());
  if (!m || !isToken(m[2]!)) return fail(`bad CSeq: ${JSON.stringify(value.slice(0, 40))}`);
  const seq = Number(m[1]);
  if (seq > 0xffffffff) return fail('CSeq out of range');
  return ok({ seq, method: m[2]! });
}

/** "sip:34020000001320000001@3402000000:5060;transport=udp" → user, host, port, params. */
export function parseSipUri(uri: string): ParseResult<SipUri> {
  const m = /^sips?:([^;?]+)(;[^?]*)?(\?.*)?$/i.exec(uri.trim());
  if (!m) return fail(`not a SIP URI: ${JSON.stringify(uri.slice(0, 80))}`);
  const userHost = m[1]!;
  const at = userHost.lastIndexOf('@');
  const hp = parseHostPort(at < 0 ? userHost : userHost.slice(at + 1));
  if (!hp.ok) return hp;
  const params = parseParams((m[2] ?? '').slice(1));
  if (!params.ok) return params;
  if (at < 0) return ok({ ...hp.value, params: params.value });
  const userInfo = userHost.slice(0, at);
  const colon = userInfo.indexOf(':');
  const user = colon < 0 ? userInfo : userInfo.slice(0, colon);
  if (user.length === 0) return fail('empty user part');
  return ok({ user: decodePercent(user), ...hp.value, params: params.value });
}

function decodePercent(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

// Random bytes for branches, tags and Call-IDs are drawn from a pool filled 4 KB at a time: a
// gateway sends thousands of requests a second, and each would otherwise be its own CSPRNG call.
const pool = Buffer.allocUnsafeSlow(4096);
let poolAt = pool.length;
function randomHex(bytes: number): string {
  if (poolAt + bytes > pool.length) {
    randomFillSync(pool);
    poolAt = 0;
  }
  poolAt += bytes;
  return pool.toString('hex', poolAt - bytes, poolAt);
}

/** RFC 3261 §8.1.1.7 magic cookie, then 64 random bits. */
export function newBranch(): string {
  return `z9hG4bK${randomHex(8)}`;
}

export function newTag(): string {
  return randomHex(6);
}

export function newCallId(host: string): string {
  return `${randomHex(12)}@${host}`;
}
