// Numbering of the simulated fleet: device IDs, channel IDs and display names.

const ID_LENGTH = 20;

/** The n-th ID after `firstId` (n = 0 is firstId itself), kept at 20 digits. */
export function nthId(firstId: string, n: number): string {
  const id = (BigInt(firstId) + BigInt(n)).toString().padStart(ID_LENGTH, '0');
  if (id.length !== ID_LENGTH) throw new Error(`device ID ${id} overflows 20 digits`);
  return id;
}

/** An IPC's one channel: the device ID with the type code (digits 10–12, zero-based) replaced by 131 (camera). */
export function ipcChannelId(deviceId: string): string {
  return `${deviceId.slice(0, 10)}131${deviceId.slice(13)}`;
}

/**
 * NVR channel k (1-based, k ≤ 99): the device ID's first 10 digits, type code 131, then a 7-digit serial
 * 5,000,000 + (last 5 digits of the device ID mod 50,000) × 100 + k.
 * Why this shape: the serial keeps the channel unique per device and channel for any run of up to 50,000
 * consecutive NVR IDs, and the leading 5 keeps it clear of the channels of IPCs numbered below 5,000,000
 * (an IPC channel reuses its device's own 7-digit serial), so mixed fleets on one platform do not collide.
 */
export function nvrChannelId(deviceId: string, k: number): string {
  if (!Number.isInteger(k) || k < 1 || k > 99) throw new Error(`NVR channel number ${k} is outside 1–99`);
  const serial = 5_000_000 + (Number(deviceId.slice(15)) % 50_000) * 100 + k;
  return `${deviceId.slice(0, 10)}131${String(serial).padStart(7, '0')}`;
}

export function deviceName(type: 'ipc' | 'nvr', index: number): string {
  return `Sim ${type.toUpperCase()} ${String(index + 1).padStart(4, '0')}`;
}

export function channelName(nvrName: string, k: number): string {
  return `${nvrName} CH${String(k).padStart(2, '0')}`;
}
