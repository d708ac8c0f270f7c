// The gateway's SQL: finding a registering device, recording registrations and labels, and
// keeping a device's channels in step with its catalog.
import type { KeyObject } from 'node:crypto';
import { sql, type RawBuilder } from 'kysely';
import { GB_TYPE_CODES, parseGbCode } from '@svc/contracts';
import type { CatalogItem, DeviceInfo } from '@svc/gb28181';
import { decryptSecret, encryptSecret, SecretError } from '../../crypto/secrets.js';
import type { Db } from '../../db/database.js';

export interface KnownDevice {
  id: number;
  enterprise_id: number;
  dev_type: 'IPC' | 'NVR' | 'DVR';
  /** In plain text, for the digest; null when the stored value cannot be decrypted. */
  password: string | null;
  keepalive_interval: number;
}

/** Opens a device's stored password; one unreadable row must not fail the registrations batched with it. */
function opened<T extends { password: string }>(
  key: KeyObject,
  row: T,
): Omit<T, 'password'> & { password: string | null } {
  try {
    return { ...row, password: decryptSecret(key, row.password) };
  } catch (err) {
    if (err instanceof SecretError) return { ...row, password: null };
    throw err;
  }
}

export interface AutoEnrol {
  enterpriseId: number;
  projectId: number;
  /** The enterprise's enrolment secret in plain text, for the digest; null when it cannot be decrypted. */
  secret: string | null;
}

const devTypeOf = (gbCode: string): 'IPC' | 'NVR' | 'DVR' | undefined => {
  const type = parseGbCode(gbCode)?.typeCode;
  return (['IPC', 'NVR', 'DVR'] as const).find((t) => type !== undefined && GB_TYPE_CODES[t].includes(type));
};

/** A channel that has no status in the catalog counts as online; OFF/VLOST/DEFECT is not playable. */
const mainOf = (item: CatalogItem): number =>
  item.status === 'OFF' || item.event === 'OFF' || item.event === 'VLOST' || item.event === 'DEFECT' ? -1 : 0;

/**
 * The tail of an UPDATE … RETURNING in a `changed` CTE: one activity entry per device whose status
 * really changed, named as it is now, in its project.
 */
const transitions = (kind: 'device.online' | 'device.offline', changedWhen: RawBuilder<boolean>) =>
  sql`insert into activity (enterprise_id, project_id, device_id, kind, subject, project_name)
    select c.enterprise_id, c.project_id, c.id, ${kind}, c.dev_name, p.name
    from changed c join project p on p.id = c.project_id where ${changedWhen}`;

export const gatewayRepo = {
  /**
   * The enterprise holding the regional code (area, unit, industry, network digits) the ID carries,
   * when it turned auto-enrol on and has an enrolment secret; one at most (unique index on the code).
   */
  async autoEnrolFor(db: Db, key: KeyObject, gbCode: string): Promise<AutoEnrol | undefined> {
    const p = parseGbCode(gbCode);
    if (!p || !devTypeOf(gbCode)) return undefined;
    const row = await db
      .selectFrom('regional_config')
      .select(['enterprise_id', 'auto_enrol_project_id', 'enrolment_secret'])
      .where('area_code', '=', p.areaCode)
      .where('unit_number', '=', p.unitNumber)
      .where('industry_code', '=', p.industryCode)
      .where('network_id', '=', p.networkId)
      .where('claims_code', '=', true)
      .where('auto_enrol_project_id', 'is not', null)
      .where('enrolment_secret', 'is not', null)
      .executeTakeFirst();
    if (!row) return undefined;
    const { password: secret } = opened(key, { password: row.enrolment_secret! });
    return { enterpriseId: row.enterprise_id, projectId: row.auto_enrol_project_id!, secret };
  },

  /**
   * Creates the device an auto-enrolling registration named; its ID doubles as serial number. Its
   * password is the secret it proved, sealed: its own from now on, whatever becomes of the secret.
   */
  async enrol(db: Db, key: KeyObject, gbCode: string, a: AutoEnrol, password: string): Promise<KnownDevice> {
    const devType = devTypeOf(gbCode)!;
    const row = await db
      .insertInto('device')
      .values({
        enterprise_id: a.enterpriseId,
        project_id: a.projectId,
        sn: gbCode,
        dev_name: gbCode,
        dev_type: devType,
        password: encryptSecret(key, password),
        gb_code: gbCode,
      })
      .returning(['id', 'enterprise_id', 'dev_type', 'keepalive_interval'])
      .executeTakeFirstOrThrow();
    return { ...row, password };
  },

  /** The known devices of these GB codes (the registrar batches a storm); one answer per code, in order. */
  async findManyByGbCode(db: Db, key: KeyObject, gbCodes: string[]): Promise<(KnownDevice | undefined)[]> {
    const rows = await db
      .selectFrom('device')
      .select(['id', 'enterprise_id', 'dev_type', 'password', 'keepalive_interval', 'gb_code'])
      .where('gb_code', '=', sql<string>`any(${[...new Set(gbCodes)]}::text[])`)
      .execute();
    const byCode = new Map(rows.map(({ gb_code, ...d }) => [gb_code, opened(key, d)]));
    return gbCodes.map((c) => byCode.get(c));
  },

  /** markOnline for many at once; a device named twice keeps its last registration. */
  async markOnlineMany(
    db: Db,
    rows: { id: number; transport: 'UDP' | 'TCP'; address: string; port: number; expiresAt: Date; at: Date }[],
  ): Promise<void> {
    const last = [...new Map(rows.map((r) => [r.id, r])).values()];
    if (last.length === 0) return;
    // Timestamps travel as ISO text: arrays of Date are not serialised alike by every driver. `old`
    // is the row as the statement found it, so a device that was offline leaves an activity entry.
    await sql`with changed as (
        update device d set status = 'online', sip_transport = v.transport, sip_address = v.address,
          sip_port = v.port, ip = v.address, port = v.port, registered_at = v.at, register_expires_at = v.exp,
          keepalive_at = v.at
        from unnest(${last.map((r) => r.id)}::bigint[], ${last.map((r) => r.transport)}::text[],
          ${last.map((r) => r.address)}::text[], ${last.map((r) => r.port)}::int[],
          ${last.map((r) => r.expiresAt.toISOString())}::timestamptz[], ${last.map((r) => r.at.toISOString())}::timestamptz[])
          as v(id, transport, address, port, exp, at), device old
        where d.id = v.id and old.id = d.id
        returning d.id, d.enterprise_id, d.project_id, d.dev_name, old.status as was)
      ${transitions('device.online', sql`c.was = 'offline'`)}`.execute(db);
  },

  /** When each device was last heard from; an older time never overwrites a newer one. */
  async markSeen(db: Db, rows: { id: number; at: Date }[]): Promise<void> {
    if (rows.length === 0) return;
    await sql`update device d set keepalive_at = greatest(d.keepalive_at, v.at)
        from unnest(${rows.map((r) => r.id)}::bigint[], ${rows.map((r) => r.at.toISOString())}::timestamptz[]) as v(id, at)
        where d.id = v.id`.execute(db);
  },

  async markOffline(db: Db, ids: number[]): Promise<void> {
    if (ids.length === 0) return;
    await sql`with changed as (
        update device d set status = 'offline', register_expires_at = null from device old
        where d.id = any(${ids}::bigint[]) and old.id = d.id
        returning d.id, d.enterprise_id, d.project_id, d.dev_name, old.status as was)
      ${transitions('device.offline', sql`c.was <> 'offline'`)}`.execute(db);
  },

  /** At start: UDP registrations still valid survive a restart; everything else is offline. */
  async restorable(db: Db, now: Date) {
    // Devices that cannot be kept went offline when the last process stopped: say so in the activity.
    await sql`with changed as (
        update device d set status = 'offline' from device old
        where old.id = d.id and d.status <> 'offline'
          and (d.sip_transport is null or d.sip_transport = 'TCP' or d.register_expires_at is null
            or d.register_expires_at <= ${now.toISOString()}::timestamptz)
        returning d.id, d.enterprise_id, d.project_id, d.dev_name, old.status as was)
      ${transitions('device.offline', sql`true`)}`.execute(db);
    return db
      .selectFrom('device')
      .select([
        'id',
        'enterprise_id',
        'dev_type',
        'gb_code',
        'sip_address',
        'sip_port',
        'register_expires_at',
        'keepalive_interval',
      ])
      .where('status', '<>', 'offline')
      .where('sip_transport', '=', 'UDP')
      .where('gb_code', 'is not', null)
      .execute();
  },

  async setLabels(db: Db, id: number, info: DeviceInfo): Promise<void> {
    const set: { manufacturer?: string; model?: string; firmware?: string } = {};
    if (info.manufacturer) set.manufacturer = info.manufacturer.slice(0, 64);
    if (info.model) set.model = info.model.slice(0, 64);
    if (info.firmware) set.firmware = info.firmware.slice(0, 64);
    if (Object.keys(set).length > 0) await db.updateTable('device').set(set).where('id', '=', id).execute();
  },

  /**
   * A whole catalog: channels are matched by GB code, new ones numbered after the last, and those
   * the device no longer lists removed. Items that are groups or regions (codes not of 20 digits,
   * or types 215/216) and the device's own entry are not channels.
   */
  async syncCatalog(
    db: Db,
    device: { id: number; enterpriseId: number; gbCode: string },
    items: CatalogItem[],
  ): Promise<void> {
    const channels = channelItems(device.gbCode, items);
    await db.transaction().execute(async (tx) => {
      const existing = await tx
        .selectFrom('channel')
        .select(['id', 'gb_code', 'index_no'])
        .where('device_id', '=', device.id)
        .execute();
      const byCode = new Map(existing.filter((c) => c.gb_code).map((c) => [c.gb_code!, c]));
      // Channels made when the device was added (no GB code yet) are taken over in order.
      const placeholders = existing.filter((c) => !c.gb_code).sort((a, b) => a.index_no - b.index_no);
      const keep = new Set(channels.map((c) => c.deviceId));
      const adopted = new Map<string, (typeof existing)[number]>();
      for (const item of channels) {
        if (byCode.has(item.deviceId)) continue;
        const free = placeholders.shift();
        if (!free) break;
        adopted.set(item.deviceId, free);
      }
      const gone = existing
        .filter((c) => (c.gb_code ? !keep.has(c.gb_code) : placeholders.includes(c)))
        .map((c) => c.id);
      if (gone.length > 0)
        await tx
          .deleteFrom('channel')
          .where('id', '=', sql<number>`any(${gone})`)
          .execute();
      let next = Math.max(0, ...existing.filter((c) => !gone.includes(c.id)).map((c) => c.index_no)) + 1;
      for (const item of channels) {
        const found = byCode.get(item.deviceId) ?? adopted.get(item.deviceId);
        if (found) await updateChannel(tx, found.id, item);
        else await insertChannel(tx, device, item, next++);
      }
    });
  },

  /** Catalog subscription events (ADD/DEL/UPDATE/ON/OFF/VLOST/DEFECT) for single channels. */
  async applyCatalogEvents(
    db: Db,
    device: { id: number; enterpriseId: number; gbCode: string },
    items: CatalogItem[],
  ): Promise<void> {
    for (const item of channelItems(device.gbCode, items)) {
      if (item.event === 'DEL') {
        await db
          .deleteFrom('channel')
          .where('device_id', '=', device.id)
          .where('gb_code', '=', item.deviceId)
          .execute();
        continue;
      }
      const found = await db
        .selectFrom('channel')
        .select('id')
        .where('device_id', '=', device.id)
        .where('gb_code', '=', item.deviceId)
        .executeTakeFirst();
      if (found) {
        await updateChannel(db, found.id, item);
      } else if (item.event === 'ADD' || item.event === 'UPDATE') {
        const last = await db
          .selectFrom('channel')
          .select(sql<number>`coalesce(max(index_no), 0)`.as('n'))
          .where('device_id', '=', device.id)
          .executeTakeFirstOrThrow();
        await insertChannel(db, device, item, Number(last.n) + 1);
      }
    }
  },
};

function channelItems(deviceCode: string, items: CatalogItem[]): CatalogItem[] {
  const seen = new Set<string>();
  return items
    .filter((i) => /^\d{20}$/.test(i.deviceId) && !['215', '216'].includes(i.deviceId.slice(10, 13)))
    .filter((i) => i.deviceId !== deviceCode || items.length === 1)
    .filter((i) => (seen.has(i.deviceId) ? false : (seen.add(i.deviceId), true)))
    .sort((a, b) => a.deviceId.localeCompare(b.deviceId));
}

const titleOf = (item: CatalogItem) => (item.name || item.deviceId).slice(0, 64);
const finite = (n: number | undefined) => (n !== undefined && Number.isFinite(n) && n !== 0 ? n : null);

async function updateChannel(db: Pick<Db, 'updateTable'>, id: number, item: CatalogItem): Promise<void> {
  await db
    .updateTable('channel')
    .set({
      gb_code: item.deviceId,
      channel_title: titleOf(item),
      main: mainOf(item),
      longitude: finite(item.longitude),
      latitude: finite(item.latitude),
      camera_type: item.ptzType === 1 ? 'speedDome' : item.ptzType === 2 ? 'hemisphere' : 'ordinary',
    })
    .where('id', '=', id)
    .execute();
}

async function insertChannel(
  db: Pick<Db, 'insertInto'>,
  device: { id: number; enterpriseId: number },
  item: CatalogItem,
  index: number,
): Promise<void> {
  await db
    .insertInto('channel')
    .values({
      device_id: device.id,
      enterprise_id: device.enterpriseId,
      index_no: index,
      channel_title: titleOf(item),
      main: mainOf(item),
      longitude: finite(item.longitude),
      latitude: finite(item.latitude),
      camera_type: item.ptzType === 1 ? 'speedDome' : item.ptzType === 2 ? 'hemisphere' : 'ordinary',
      gb_code: item.deviceId,
    })
    .execute();
}
