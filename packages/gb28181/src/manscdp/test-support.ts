// For the codec tests: a MANSCDP message decoded from its bytes, as the gateway and the simulator receive it.
import { encodeBody } from './encoding.js';
import { decodeManscdp, type ManscdpMessage } from './message.js';

export const DEV = '34020000001320000001';

export function msg(xml: string, enc: 'GB2312' | 'UTF-8' = 'GB2312'): ManscdpMessage {
  const r = decodeManscdp(encodeBody(xml, enc));
  if (!r.ok) throw new Error(r.error);
  return r.value;
}

/** A document with the envelope written by hand, the way a device's firmware may write it. */
export const env = (root: string, cmd: string, inner: string): ManscdpMessage =>
  msg(`<${root}><CmdType>${cmd}</CmdType><SN>1</SN><DeviceID>${DEV}</DeviceID>${inner}</${root}>`);

/** A literal document with the GB2312 prolog and CRLF lines, as cameras send it. */
export const literal = (lines: string[]): ManscdpMessage =>
  msg(`<?xml version="1.0" encoding="GB2312"?>\r\n${lines.join('\r\n')}\r\n`);
