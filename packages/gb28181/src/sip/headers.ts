// Header-name normalisation and list splitting shared by the SIP parser and serialiser (RFC 3261 §7.3).

/** RFC 3261 §7.3.3 compact forms, plus the RFC 3265/3515/4028 ones devices send. */
const COMPACT = new Map<string, string>([
  ['v', 'via'],
  ['f', 'from'],
  ['t', 'to'],
  ['i', 'call-id'],
  ['m', 'contact'],
  ['l', 'content-length'],
  ['c', 'content-type'],
  ['k', 'supported'],
  ['s', 'subject'],
  ['e', 'content-encoding'],
  ['o', 'event'],
  ['u', 'allow-events'],
  ['r', 'refer-to'],
  ['x', 'session-expires'],
]);

/** Headers whose grammar is a comma-separated list, so "a, b" is two values (RFC 3261 §7.3.1). */
const LIST_HEADERS = new Set([
  'via',
  'contact',
  'route',
  'record-route',
  'allow',
  'supported',
  'require',
  'proxy-require',
  'unsupported',
  'accept',
  'accept-encoding',
  'accept-language',
  'content-encoding',
  'allow-events',
  'in-reply-to',
]);

const CANONICAL = new Map<string, string>([
  ['call-id', 'Call-ID'],
  ['cseq', 'CSeq'],
  ['www-authenticate', 'WWW-Authenticate'],
  ['mime-version', 'MIME-Version'],
]);

/** Names nearly every message carries; their wire forms are worked out once (see canonicalHeaderName). */
const COMMON = [
  'via',
  'from',
  'to',
  'call-id',
  'cseq',
  'contact',
  'max-forwards',
  'user-agent',
  'server',
  'content-type',
  'content-length',
  'expires',
  'date',
  'subject',
  'allow',
  'supported',
  'route',
  'record-route',
  'authorization',
  'www-authenticate',
  'proxy-authenticate',
  'proxy-authorization',
  'event',
  'subscription-state',
];

export function normaliseHeaderName(name: string): string {
  const lower = name.toLowerCase();
  return COMPACT.get(lower) ?? lower;
}

export function isListHeader(name: string): boolean {
  return LIST_HEADERS.has(name);
}

/** "content-type" → "Content-Type"; the wire form devices expect (some compare case-sensitively). */
export function canonicalHeaderName(name: string): string {
  const known = CANONICAL.get(name);
  if (known !== undefined) return known;
  return name
    .split('-')
    .map((p) => (p.length > 0 ? p[0]!.toUpperCase() + p.slice(1) : p))
    .join('-');
}

// Every message written spells each of its names: splitting and re-joining them each time was a visible
// share of the CPU. The table is filled by the general rule itself, so it cannot disagree with it.
for (const name of COMMON) CANONICAL.set(name, canonicalHeaderName(name));

/** Splits on commas outside quotes and angle brackets: a display name or URI may hold a comma. */
export function splitList(value: string): string[] {
  // Without a comma there is nothing to split (the usual single Via or Contact).
  if (!value.includes(',')) {
    const one = value.trim();
    return one.length > 0 ? [one] : [];
  }
  const out: string[] = [];
  let quoted = false;
  let angle = false;
  let start = 0;
  for (let i = 0; i < value.length; i++) {
    const ch = value[i];
    if (quoted) {
      if (ch === '\\') i++;
      else if (ch === '"') quoted = false;
    } else if (ch === '"') quoted = true;
    else if (ch === '<') angle = true;
    else if (ch === '>') angle = false;
    else if (ch === ',' && !angle) {
      out.push(value.slice(start, i).trim());
      start = i + 1;
    }
  }
  out.push(value.slice(start).trim());
  return out.filter((v) => v.length > 0);
}

/** RFC 3261 §25.1 token characters by code: alphanumerics and -.!%*_+`'~ */
const TOKEN_CHARS = new Uint8Array(128);
for (const ch of "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz-.!%*_+`'~") {
  TOKEN_CHARS[ch.charCodeAt(0)] = 1;
}

/** A table rather than a regular expression (twice as fast here): every header and parameter name is checked. */
export function isToken(s: string): boolean {
  if (s.length === 0) return false;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 128 || TOKEN_CHARS[c] === 0) return false;
  }
  return true;
}
