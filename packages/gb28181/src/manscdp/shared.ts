// What several MANSCDP codecs share: the address every command carries and the Result a device answers a control with.
import { fail, ok, type ParseResult } from '../result.js';
import type { ManscdpMessage } from './message.js';
import { envelope, tag } from './write.js';
import { childText } from './xml.js';

/** The SN and DeviceID of a command's envelope. */
export type Addr = { sn: number; deviceId: string };

/** A device's answer to DeviceControl or DeviceConfig. */
export function controlResponse(
  a: Addr & { cmdType: 'DeviceControl' | 'DeviceConfig'; result: 'OK' | 'ERROR' },
): string {
  return envelope('Response', a.cmdType, a.sn, a.deviceId, [tag('Result', a.result)]);
}

export function readResult(m: ManscdpMessage): ParseResult<{ result: string }> {
  if (m.root !== 'Response') return fail(`a result comes in <Response>, not <${m.root}>`);
  const result = childText(m.el, 'Result');
  if (!result) return fail(`${m.cmdType} response without Result`);
  return ok({ result: result.toUpperCase() });
}
