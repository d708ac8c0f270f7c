// HTTP Digest for SIP REGISTER (RFC 2617 MD5, qop "auth" or none; RFC 3261 §22): both the server and device side.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { fail, ok, type ParseResult } from '../result.js';

export interface DigestCredentials {
  username: string;
  realm: string;
  nonce: string;
  uri: string;
  response: string;
  algorithm?: string;
  qop?: string;
  nc?: string;
  cnonce?: string;
  opaque?: string;
}

const MAX_HEADER = 8 * 1024;

function md5(s: string): string {
  return createHash('md5').update(s, 'utf8').digest('hex');
}

function quote(s: string): string {
  return `"${s.replace(/["\\]/g, '\\$&')}"`;
}

/**
 * WWW-Authenticate value. Without opts no qop is offered: many GB28181 cameras answer a qop challenge wrongly,
 * and the plain RFC 2069-compatible form is what wvp and most platforms send.
 */
export function digestChallenge(realm: string, nonce: string, opts?: { qop?: boolean; opaque?: string }): string {
  const parts = [`realm=${quote(realm)}`, `nonce=${quote(nonce)}`];
  if (opts?.opaque !== undefined) parts.push(`opaque=${quote(opts.opaque)}`);
  if (opts?.qop === true) parts.push('qop="auth"');
  parts.push('algorithm=MD5');
  return `Digest ${parts.join(', ')}`;
}

/** `Digest a="x, y", b=tok` → Map (names lower-cased). Commas inside quotes stay in the value. */
export function parseAuthParams(value: string): ParseResult<{ scheme: string; params: Map<string, string> }> {
  if (value.length > MAX_HEADER) return fail('authorization header too long');
  const m = /^\s*([A-Za-z][A-Za-z0-9-]*)\s+/.exec(value);
  if (!m) return fail('missing authentication scheme');
  const params = new Map<string, string>();
  let i = m[0].length;
  const n = value.length;
  while (i < n) {
    while (i < n && (value[i] === ',' || value[i] === ' ' || value[i] === '\t')) i++;
    if (i >= n) break;
    const name = /^[A-Za-z0-9_-]+/.exec(value.slice(i, i + 64));
    if (!name) return fail(`bad auth parameter at ${i}`);
    i += name[0].length;
    while (i < n && (value[i] === ' ' || value[i] === '\t')) i++;
    if (value[i] !== '=') return fail(`auth parameter ${name[0]} has no value`);
    i++;
    while (i < n && (value[i] === ' ' || value[i] === '\t')) i++;
    let v = '';
    if (value[i] === '"') {
      i++;
      let closed = false;
      while (i < n) {
        const ch = value[i]!;
        if (ch === '\\' && i + 1 < n) {
          v += value[i + 1];
          i += 2;
        } else if (ch === '"') {
          closed = true;
          i++;
          break;
        } else {
          v += ch;
          i++;
        }
      }
      if (!closed) return fail(`unterminated quoted value of ${name[0]}`);
    } else {
      const tok = /^[^\s,"]*/.exec(value.slice(i))![0];
      v = tok;
      i += tok.length;
    }
    params.set(name[0].toLowerCase(), v);
    while (i < n && (value[i] === ' ' || value[i] === '\t')) i++;
    if (i < n && value[i] !== ',') return fail(`expected ',' after ${name[0]}`);
  }
  return ok({ scheme: m[1]!, params });
}

export function parseDigestCredentials(authorization: string): ParseResult<DigestCredentials> {
  if (!/^\s*digest\s/i.test(authorization)) return fail('scheme is not Digest');
  const parsed = parseAuthParams(authorization);
  if (!parsed.ok) return parsed;
  if (parsed.value.scheme.toLowerCase() !== 'digest') return fail(`scheme ${parsed.value.scheme} is not Digest`);
  const p = parsed.value.params;
  const need = ['username', 'realm', 'nonce', 'uri', 'response'] as const;
  for (const k of need) if (!p.has(k)) return fail(`digest credentials lack ${k}`);
  const creds: DigestCredentials = {
    username: p.get('username')!,
    realm: p.get('realm')!,
    nonce: p.get('nonce')!,
    uri: p.get('uri')!,
    response: p.get('response')!,
  };
  for (const k of ['algorithm', 'qop', 'nc', 'cnonce', 'opaque'] as const) {
    const v = p.get(k);
    if (v !== undefined) creds[k] = v;
  }
  if (creds.qop !== undefined && (creds.nc === undefined || creds.cnonce === undefined))
    return fail('qop given without nc and cnonce');
  return ok(creds);
}

/** RFC 2617 §3.2.2.1: request-digest for MD5 with qop auth or none. */
export function digestResponse(a: {
  username: string;
  realm: string;
  password: string;
  method: string;
  uri: string;
  nonce: string;
  qop?: string;
  nc?: string;
  cnonce?: string;
}): string {
  const ha1 = md5(`${a.username}:${a.realm}:${a.password}`);
  const ha2 = md5(`${a.method}:${a.uri}`);
  return a.qop === undefined
    ? md5(`${ha1}:${a.nonce}:${ha2}`)
    : md5(`${ha1}:${a.nonce}:${a.nc ?? ''}:${a.cnonce ?? ''}:${a.qop}:${ha2}`);
}

/** Checks the response hash; the caller checks realm, nonce freshness and username separately. */
export function verifyDigest(creds: DigestCredentials, method: string, password: string): boolean {
  if (creds.algorithm !== undefined && creds.algorithm.toUpperCase() !== 'MD5') return false;
  if (creds.qop !== undefined && creds.qop.toLowerCase() !== 'auth') return false;
  if (!/^[0-9a-fA-F]{32}$/.test(creds.response)) return false;
  const expected = Buffer.from(digestResponse({ ...creds, qop: creds.qop?.toLowerCase(), method, password }), 'ascii');
  return timingSafeEqual(expected, Buffer.from(creds.response.toLowerCase(), 'ascii'));
}

/** Client side: the Authorization value answering a WWW-Authenticate challenge. */
export function digestAuthorization(args: {
  challenge: string;
  method: string;
  uri: string;
  username: string;
  password: string;
  cnonce?: string;
  nc?: number;
}): ParseResult<string> {
  if (!/^\s*digest\s/i.test(args.challenge)) return fail('challenge scheme is not Digest');
  const parsed = parseAuthParams(args.challenge);
  if (!parsed.ok) return parsed;
  if (parsed.value.scheme.toLowerCase() !== 'digest') return fail(`scheme ${parsed.value.scheme} is not Digest`);
  const p = parsed.value.params;
  const realm = p.get('realm');
  const nonce = p.get('nonce');
  if (realm === undefined || nonce === undefined) return fail('challenge lacks realm or nonce');
  const algorithm = p.get('algorithm');
  if (algorithm !== undefined && algorithm.toUpperCase() !== 'MD5') return fail(`unsupported algorithm ${algorithm}`);
  const offered = p.get('qop');
  const qopList = offered?.split(',').map((q) => q.trim().toLowerCase());
  if (qopList !== undefined && !qopList.includes('auth')) return fail(`unsupported qop ${offered}`);
  const qop = qopList !== undefined ? 'auth' : undefined;
  const nc = (args.nc ?? 1).toString(16).padStart(8, '0');
  const cnonce = args.cnonce ?? randomBytes(8).toString('hex');
  const base = { username: args.username, realm, password: args.password, method: args.method, uri: args.uri, nonce };
  const response = qop ? digestResponse({ ...base, qop, nc, cnonce }) : digestResponse(base);
  const parts = [
    `username=${quote(args.username)}`,
    `realm=${quote(realm)}`,
    `nonce=${quote(nonce)}`,
    `uri=${quote(args.uri)}`,
    `response=${quote(response)}`,
    'algorithm=MD5',
  ];
  if (qop) parts.push(`cnonce=${quote(cnonce)}`, `qop=${qop}`, `nc=${nc}`);
  const opaque = p.get('opaque');
  if (opaque !== undefined) parts.push(`opaque=${quote(opaque)}`);
  return ok(`Digest ${parts.join(', ')}`);
}
