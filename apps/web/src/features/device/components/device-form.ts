// SPEC §5 device rules as field checks: serial number of 13, 16 or 20 letters or digits; GB code of 20 digits.
import { GB_CODE_PATTERN, SN_PATTERN } from '@svc/contracts';

/** SPEC §3: the device login name when none is given. */
export const DEFAULT_DEVICE_LOGIN = 'Admin';

export function snProblem(value: string): 'device.form.snRule' | null {
  return SN_PATTERN.test(value.trim()) ? null : 'device.form.snRule';
}

export function gbCodeProblem(value: string): 'device.form.gbCodeRule' | null {
  return GB_CODE_PATTERN.test(value.trim()) ? null : 'device.form.gbCodeRule';
}

/** The media transports a device may use, in the order offered; TCP-PASSIVE first as GB/T 28181-2022 prefers it. */
export const STREAM_MODES = ['TCP-PASSIVE', 'UDP', 'TCP-ACTIVE'] as const;
export const DEFAULT_STREAM_MODE: (typeof STREAM_MODES)[number] = 'TCP-PASSIVE';
