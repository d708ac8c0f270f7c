// DeviceControl: the platform's remote reboot (TeleBoot), arming (GuardCmd) and PTZ commands, and reading them device-side.
import { fail, ok, type ParseResult } from '../result.js';
import type { ManscdpMessage } from './message.js';
import type { Addr } from './shared.js';
import { defined, envelope, expect, tag } from './write.js';
import { childText } from './xml.js';

/** Control DeviceControl <TeleBoot>Boot</TeleBoot>: remote reboot. */
export function teleBoot(a: Addr): string {
  return envelope('Control', 'DeviceControl', a.sn, a.deviceId, [tag('TeleBoot', 'Boot')]);
}

/** Arming; many Hikvision devices deliver alarms only after SetGuard. */
export function guardCmd(a: Addr & { guard: boolean }): string {
  return envelope('Control', 'DeviceControl', a.sn, a.deviceId, [tag('GuardCmd', a.guard ? 'SetGuard' : 'ResetGuard')]);
}

/** PTZ: `cmd` is the 8-byte A50F… control code as 16 hex digits (appendix A.3). */
export function ptzControl(a: Addr & { cmd: string }): string {
  return envelope('Control', 'DeviceControl', a.sn, a.deviceId, [tag('PTZCmd', a.cmd)]);
}

export function readDeviceControl(
  m: ManscdpMessage,
): ParseResult<{ teleBoot?: boolean; guard?: boolean; ptzCmd?: string }> {
  const ex = expect(m, 'DeviceControl', ['Control']);
  if (!ex.ok) return ex;
  const boot = childText(m.el, 'TeleBoot');
  const guard = childText(m.el, 'GuardCmd')?.toLowerCase();
  if (guard !== undefined && guard !== 'setguard' && guard !== 'resetguard') return fail(`bad GuardCmd ${guard}`);
  return ok(
    defined({
      teleBoot: boot !== undefined ? boot.toLowerCase() === 'boot' : undefined,
      guard: guard !== undefined ? guard === 'setguard' : undefined,
      ptzCmd: childText(m.el, 'PTZCmd'),
    }),
  );
}
