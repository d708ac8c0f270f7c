// SQL of the channels devices report themselves (catalogs and catalog events, matched by GB code):
// the gateway reads the catalog, the device module alone makes, changes and removes the rows.
import type { CatalogEvent } from '@svc/gb28181';
import type { Db } from '../../db/database.js';
import type { ReportedChannel } from '../../gateway/gb28181/devices.js';

type Device = { id: number; enterpriseId: number };

export const channelRepo = {
  /**
   * A whole catalog: channels matched by GB code, new ones numbered after the last, those the device
   * no longer lists removed. Channels made when the device was added (no GB code yet, as a camera's
   * channel 1) are taken over in order.
   */
  async sync(db: Db, device: Device, channels: ReportedChannel[]): Promise<void> {
    await db.transaction().execute(async (tx) => {
      const existing = await tx
        .selectFrom('channel')
        .select(['id', 'gb_code', 'index_no'])
        .where('device_id', '=', device.id)
        .execute();
      const byCode = new Map(existing.filter((c) => c.gb_code).map((c) => [c.gb_code!, c]));
      const placeholders = existing.filter((c) => !c.gb_code).sort((a, b) => a.index_no - b.index_no);
      const keep = new Set(channels.map((c) => c.gb_code));
      const adopted = new Map<string, (typeof existing)[number]>();
      for (const c of channels) {
        if (byCode.has(c.gb_code)) continue;
        const free = placeholders.shift();
        if (!free) break;
        adopted.set(c.gb_code, free);
      }
      const gone = existing
        .filter((c) => (c.gb_code ? !keep.has(c.gb_code) : placeholders.includes(c)))
        .map((c) => c.id);
      if (gone.length > 0) await tx.deleteFrom('channel').where('id', 'in', gone).execute();
      let next = Math.max(0, ...existing.filter((c) => !gone.includes(c.id)).map((c) => c.index_no)) + 1;
      for (const c of channels) {
        const found = byCode.get(c.gb_code) ?? adopted.get(c.gb_code);
        if (found) await update(tx, found.id, c);
        else await add(tx, device, next++, c);
      }
    });
  },

  /** One catalog event: DEL removes the channel; any other updates it, and ADD or UPDATE make a new one. */
  async applyEvent(db: Db, device: Device, event: CatalogEvent | undefined, c: ReportedChannel): Promise<void> {
    if (event === 'DEL') {
      await db.deleteFrom('channel').where('device_id', '=', device.id).where('gb_code', '=', c.gb_code).execute();
      return;
    }
    const found = await channelRepo.byGbCode(db, device.id, c.gb_code);
    if (found !== undefined) {
      await update(db, found, c);
    } else if (event === 'ADD' || event === 'UPDATE') {
      const last = await db
        .selectFrom('channel')
        .select((eb) => eb.fn.coalesce(eb.fn.max('index_no'), eb.lit(0)).as('n'))
        .where('device_id', '=', device.id)
        .executeTakeFirstOrThrow();
      await add(db, device, Number(last.n) + 1, c);
    }
  },

  /** The channel of a device with this GB code (alarms and catalog events name channels so). */
  async byGbCode(db: Db, deviceId: number, gbCode: string): Promise<number | undefined> {
    const row = await db
      .selectFrom('channel')
      .select('id')
      .where('device_id', '=', deviceId)
      .where('gb_code', '=', gbCode)
      .executeTakeFirst();
    return row?.id;
  },
};

async function add(db: Db, device: Device, index: number, c: ReportedChannel): Promise<void> {
  await db
    .insertInto('channel')
    .values({ device_id: device.id, enterprise_id: device.enterpriseId, index_no: index, ...c })
    .execute();
}

async function update(db: Db, id: number, c: ReportedChannel): Promise<void> {
  await db.updateTable('channel').set(c).where('id', '=', id).execute();
}
