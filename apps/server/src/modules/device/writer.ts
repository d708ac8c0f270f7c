// The device module's writers the gateway signals through (DeviceWriter): devices enrolling
// themselves, the channels their catalogs report, and their registrations coming and going.
import type { Db } from '../../db/database.js';
import type { DeviceWriter } from '../../gateway/gb28181/devices.js';
import { channelRepo } from './channel-repo.js';
import { presenceRepo } from './presence-repo.js';
import { deviceRepo } from './repo.js';

export function createDeviceWriter(db: Db): DeviceWriter {
  return {
    enrol: (d) => deviceRepo.enrol(db, d),
    syncChannels: (device, channels) => channelRepo.sync(db, device, channels),
    channelEvent: (device, event, channel) => channelRepo.applyEvent(db, device, event, channel),
    markOnline: (rows) => presenceRepo.markOnline(db, rows),
    markOffline: (ids) => presenceRepo.markOffline(db, ids),
    restorable: (now) => presenceRepo.restorable(db, now),
  };
}
