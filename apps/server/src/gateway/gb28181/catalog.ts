// A device's catalog read as channels: which items are channels, and what each says of its channel.
// The device module writes the rows (DeviceWriter); a whole catalog after a sync, single events from
// the catalog subscription.
import type { CatalogItem } from '@svc/gb28181';
import type { GatewayContext } from './context.js';
import type { ReportedChannel } from './devices.js';

type Device = { id: number; enterpriseId: number; gbCode: string };

/**
 * A whole catalog. Items that are groups or regions (codes not of 20 digits, or types 215/216) and
 * the device's own entry are not channels.
 */
export function syncCatalog(ctx: GatewayContext, device: Device, items: CatalogItem[]): Promise<void> {
  return ctx.devices.syncChannels(device, channelItems(device.gbCode, items).map(reported));
}

/** Catalog subscription events (ADD/DEL/UPDATE/ON/OFF/VLOST/DEFECT) for single channels. */
export async function applyCatalogEvents(ctx: GatewayContext, device: Device, items: CatalogItem[]): Promise<void> {
  for (const item of channelItems(device.gbCode, items))
    await ctx.devices.channelEvent(device, item.event, reported(item));
}

function channelItems(deviceCode: string, items: CatalogItem[]): CatalogItem[] {
  const seen = new Set<string>();
  return items
    .filter((i) => /^\d{20}$/.test(i.deviceId) && !['215', '216'].includes(i.deviceId.slice(10, 13)))
    .filter((i) => i.deviceId !== deviceCode || items.length === 1)
    .filter((i) => (seen.has(i.deviceId) ? false : (seen.add(i.deviceId), true)))
    .sort((a, b) => a.deviceId.localeCompare(b.deviceId));
}

/** A channel that has no status in the catalog counts as online; OFF/VLOST/DEFECT is not playable. */
const mainOf = (item: CatalogItem): number =>
  item.status === 'OFF' || item.event === 'OFF' || item.event === 'VLOST' || item.event === 'DEFECT' ? -1 : 0;
const titleOf = (item: CatalogItem) => (item.name || item.deviceId).slice(0, 64);
const finite = (n: number | undefined) => (n !== undefined && Number.isFinite(n) && n !== 0 ? n : null);

const reported = (item: CatalogItem): ReportedChannel => ({
  gb_code: item.deviceId,
  channel_title: titleOf(item),
  main: mainOf(item),
  longitude: finite(item.longitude),
  latitude: finite(item.latitude),
  camera_type: item.ptzType === 1 ? 'speedDome' : item.ptzType === 2 ? 'hemisphere' : 'ordinary',
});
