// Alarms a simulated device raises (GB28181 Notify/Alarm): a motion, video-loss or analytics alarm
// of the device or one of its channels, retransmitted until the platform answers 200 (SIP timers).
import { alarmNotify } from '@svc/gb28181';
import type { SimDevice } from './device.js';

/** GB/T 28181 method 5 (video) type 2 is motion; method 2 (device) type 1 video loss; method 5 type 6 intrusion. */
export const SIM_ALARMS = [
  { method: 5, type: 2, description: 'VideoMotion' },
  { method: 2, type: 1, description: 'VideoLoss' },
  { method: 5, type: 6, description: 'appEventHumanDetectAlarm' },
] as const;

/** Local wall-clock time as GB/T 28181 writes it, on the device's clock (synced at REGISTER). */
const gbTime = (d: Date) => {
  const local = new Date(d.getTime() - d.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 19);
};

/** Raises one alarm; answers the platform's SIP status (undefined when it never answered). */
export async function raiseAlarm(
  device: SimDevice,
  o: { kind?: number; channel?: string; at?: Date } = {},
): Promise<number | undefined> {
  const a = SIM_ALARMS[(o.kind ?? 0) % SIM_ALARMS.length]!;
  const xml = alarmNotify({
    sn: device.nextSn(),
    deviceId: o.channel ?? device.id,
    priority: 1,
    method: a.method,
    type: a.type,
    time: gbTime(o.at ?? device.now()),
    description: a.description,
  });
  const res = await device.sendMessage(xml, 'GB2312');
  return res?.status;
}
