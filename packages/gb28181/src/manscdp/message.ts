// The MANSCDP envelope: root (Query/Control/Notify/Response), CmdType, SN and DeviceID, read from a MESSAGE body.
import { fail, ok, type ParseResult } from '../result.js';
import { decodeBody } from './encoding.js';
import { childText, parseXml, type XmlElement, type XmlLimits } from './xml.js';

export type ManscdpRoot = 'Query' | 'Control' | 'Notify' | 'Response';
export interface ManscdpMessage {
  root: ManscdpRoot;
  cmdType: string;
  sn: number;
  deviceId: string;
  el: XmlElement;
}
export const MANSCDP_CONTENT_TYPE = 'Application/MANSCDP+xml';

const ROOTS = new Map<string, ManscdpRoot>([
  ['query', 'Query'],
  ['control', 'Control'],
  ['notify', 'Notify'],
  ['response', 'Response'],
]);

/** Reads the envelope of an already parsed document. */
export function readEnvelope(el: XmlElement): ParseResult<ManscdpMessage> {
  const root = ROOTS.get(el.name.toLowerCase());
  if (root === undefined) return fail(`unknown MANSCDP root <${el.name}>`);
  const cmdType = childText(el, 'CmdType');
  if (!cmdType) return fail('missing CmdType');
  const snText = childText(el, 'SN');
  if (snText === undefined || !/^\d{1,10}$/.test(snText)) return fail('missing or bad SN');
  const deviceId = childText(el, 'DeviceID');
  if (!deviceId) return fail('missing DeviceID');
  return ok({ root, cmdType, sn: Number(snText), deviceId, el });
}

export function decodeManscdp(body: Buffer, limits?: Partial<XmlLimits>): ParseResult<ManscdpMessage> {
  const maxBytes = limits?.maxBytes ?? 256 * 1024;
  if (body.length > maxBytes) return fail(`body larger than ${maxBytes} bytes`);
  const doc = parseXml(decodeBody(body), limits);
  return doc.ok ? readEnvelope(doc.value) : doc;
}
