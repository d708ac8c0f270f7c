// What a device group's picker sends: only what is not yet in, a recorder's channels without their device.
import { describe, expect, it } from 'vitest';
import {
  addRequest,
  channelsByDevice,
  channelsPickedOf,
  NOTHING_PICKED,
  pickChannels,
  pickCount,
  pickDevices,
} from './group-grants';

const NONE_IN = { deviceIds: new Set<number>(), channelIds: new Set<number>() };

describe('the group picker', () => {
  it('sends picked devices and channels, leaving a recorder to come with its channels', () => {
    let picked = pickDevices(NOTHING_PICKED, [1, 7]);
    picked = pickChannels(picked, 7, [71, 72]);
    expect(addRequest(picked, NONE_IN)).toEqual({ deviceIds: [1], channelIds: [71, 72] });
    expect(pickCount(picked, NONE_IN)).toEqual({ devices: 2, channels: 2 });
  });

  it('never sends what is already in the group', () => {
    const picked = pickChannels(pickDevices(NOTHING_PICKED, [1, 2]), 7, [71, 72]);
    const inGroup = { deviceIds: new Set([1, 7]), channelIds: new Set([71]) };
    expect(addRequest(picked, inGroup)).toEqual({ deviceIds: [2], channelIds: [72] });
    // The recorder is in already: one device (2) and one channel (72) are new.
    expect(pickCount(picked, inGroup)).toEqual({ devices: 1, channels: 1 });
  });

  it('replaces a recorder’s picked channels and keeps other recorders’ alone', () => {
    let picked = pickChannels(NOTHING_PICKED, 7, [71, 72]);
    picked = pickChannels(picked, 8, [81]);
    picked = pickChannels(picked, 7, [73]);
    expect(channelsPickedOf(picked, 7)).toEqual([73]);
    expect(channelsPickedOf(picked, 8)).toEqual([81]);
    expect(pickCount(NOTHING_PICKED, NONE_IN)).toEqual({ devices: 0, channels: 0 });
  });

  it('lists a group’s named channels by device, in channel order', () => {
    const byDevice = channelsByDevice([
      { id: 3, deviceId: 7, index: 3, channelTitle: 'C3' },
      { id: 1, deviceId: 7, index: 1, channelTitle: 'C1' },
      { id: 9, deviceId: 8, index: 2, channelTitle: 'D2' },
    ]);
    expect(byDevice.get(7)?.map((c) => c.index)).toEqual([1, 3]);
    expect(byDevice.get(8)?.map((c) => c.id)).toEqual([9]);
    expect(byDevice.has(1)).toBe(false);
  });
});
