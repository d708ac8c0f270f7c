// Keepalive: the device's periodic Notify that it is alive (its Status OK or ERROR).
import { ok, type ParseResult } from '../result.js';
import type { ManscdpMessage } from './message.js';
import type { Addr } from './shared.js';
import { envelope, expect, tag } from './write.js';
import { childText } from './xml.js';

export function keepaliveNotify(a: Addr & { status?: 'OK' | 'ERROR' }): string {
  return envelope('Notify', 'Keepalive', a.sn, a.deviceId, [tag('Status', a.status ?? 'OK')]);
}

export function readKeepalive(m: ManscdpMessage): ParseResult<{ status: string }> {
  const ex = expect(m, 'Keepalive', ['Notify']);
  if (!ex.ok) return ex;
  return ok({ status: childText(m.el, 'Status') || 'OK' });
}
