// Character encoding of MANSCDP bodies: GB2312/GBK/GB18030 (what most devices send) or UTF-8, chosen by the prolog.
import { isAscii } from 'node:buffer';
import iconv from 'iconv-lite';

const PROLOG = /^\uFEFF?\s*<\?xml[^?]*\?>/;
const ENCODING = /encoding\s*=\s*["']([A-Za-z0-9_.:-]+)["']/i;
const GB_FAMILY = new Set(['gb2312', 'gbk', 'gb18030', 'gb_2312-80', 'cp936', 'x-gbk', 'euc-cn', 'csgb2312']);

const utf8 = new TextDecoder('utf-8', { fatal: true });
// GB18030 is a superset of GBK and GB2312, so one decoder serves all three labels.
const gb18030 = new TextDecoder('gb18030');

function declaredEncoding(body: Buffer): string | undefined {
  // The prolog is ASCII in every encoding we accept, so latin1 reads it without decoding the body.
  const head = body.toString('latin1', 0, Math.min(body.length, 256));
  const prolog = PROLOG.exec(head);
  return prolog ? ENCODING.exec(prolog[0])?.[1]?.toLowerCase() : undefined;
}

function tryUtf8(body: Buffer): string | undefined {
  try {
    return utf8.decode(body);
  } catch {
    return undefined;
  }
}

/** Reads the prolog's encoding (GB2312/GBK/GB18030 → gb18030 decoder; UTF-8); with none, UTF-8 if valid else GB18030. */
export function decodeBody(body: Buffer): string {
  // Bytes below 0x80 are the same characters in UTF-8, GB18030 and latin1, and nearly every body is all
  // ASCII: no decoder, no prolog, no BOM (its bytes are not ASCII) to consider.
  if (isAscii(body)) return body.toString('latin1');
  const declared = declaredEncoding(body);
  // Any other label (UTF-8 included) is tried as UTF-8 first: firmware that declares UTF-8 but writes GBK exists,
  // and invalid UTF-8 falls back to GB18030 rather than showing U+FFFD.
  const text =
    declared !== undefined && GB_FAMILY.has(declared) ? gb18030.decode(body) : (tryUtf8(body) ?? gb18030.decode(body));
  return text.startsWith('\uFEFF') ? text.slice(1) : text;
}

/** Encodes the XML with a prolog naming the encoding (any prolog already present is replaced). */
export function encodeBody(xml: string, encoding: 'GB2312' | 'UTF-8'): Buffer {
  const text = `<?xml version="1.0" encoding="${encoding}"?>\r\n${xml.replace(PROLOG, '').replace(/^\s+/, '')}`;
  const utf8Bytes = Buffer.from(text, 'utf8');
  // One byte per UTF-16 unit means all ASCII, which GBK writes byte for byte as UTF-8 does: iconv is for the rest.
  if (encoding === 'UTF-8' || utf8Bytes.length === text.length) return utf8Bytes;
  // iconv-lite's gb2312 codec is GBK (cp936), which is what devices labelled GB2312 actually decode.
  return iconv.encode(text, 'gb2312');
}
