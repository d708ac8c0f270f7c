// What a device group grants, as the editor shows and changes it (SPEC §3 group with device and channel
// privileges). Pure, so it is tested alone. The server's rule: a device of the group with none of its
// channels named grants all of them; with some named, only those.
import type { GroupChannel } from '../api/group-channels-query';

/** The channels the group names, by device id, in channel order. */
export function channelsByDevice(channels: readonly GroupChannel[]): Map<number, GroupChannel[]> {
  const out = new Map<number, GroupChannel[]>();
  for (const c of [...channels].sort((a, b) => a.index - b.index))
    out.set(c.deviceId, [...(out.get(c.deviceId) ?? []), c]);
  return out;
}

/** What the picker holds: whole devices, and channels chosen of recorders (channel id → its device id). */
export interface Picked {
  deviceIds: ReadonlySet<number>;
  channels: ReadonlyMap<number, number>;
}

export const NOTHING_PICKED: Picked = { deviceIds: new Set(), channels: new Map() };

export function pickDevices(picked: Picked, deviceIds: readonly number[]): Picked {
  return { ...picked, deviceIds: new Set(deviceIds) };
}

/** Replaces the chosen channels of one device. */
export function pickChannels(picked: Picked, deviceId: number, channelIds: readonly number[]): Picked {
  const channels = new Map([...picked.channels].filter(([, device]) => device !== deviceId));
  for (const id of channelIds) channels.set(id, deviceId);
  return { ...picked, channels };
}

export function channelsPickedOf(picked: Picked, deviceId: number): number[] {
  return [...picked.channels].filter(([, device]) => device === deviceId).map(([id]) => id);
}

/** What is already in the group, so the picker shows it and never sends it again. */
export interface InGroup {
  deviceIds: ReadonlySet<number>;
  channelIds: ReadonlySet<number>;
}

/**
 * The calls a pick makes: devices not yet in the group, and channels not yet named. A device whose
 * channels are chosen need not be sent: the server adds a channel's device with it.
 */
export function addRequest(picked: Picked, inGroup: InGroup): { deviceIds: number[]; channelIds: number[] } {
  const channelIds = [...picked.channels.keys()].filter((id) => !inGroup.channelIds.has(id));
  const viaChannels = new Set(channelIds.map((id) => picked.channels.get(id)));
  const deviceIds = [...picked.deviceIds].filter((id) => !inGroup.deviceIds.has(id) && !viaChannels.has(id));
  return { deviceIds: deviceIds.sort((a, b) => a - b), channelIds: channelIds.sort((a, b) => a - b) };
}

/** How many devices and channels a pick adds (for the picker's button). */
export function pickCount(picked: Picked, inGroup: InGroup): { devices: number; channels: number } {
  const { deviceIds, channelIds } = addRequest(picked, inGroup);
  const devices = new Set([...deviceIds, ...channelIds.map((id) => picked.channels.get(id)!)]);
  return { devices: [...devices].filter((id) => !inGroup.deviceIds.has(id)).length, channels: channelIds.length };
}
