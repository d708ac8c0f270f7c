// SQL of devices coming and going: registrations recorded, devices marked offline, and at start the
// registrations that outlive a restart. Each status change leaves its activity entry in the same
// statement, so thousands of devices going offline at once are one write.
import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import type { OnlineRow } from '../../gateway/gb28181/devices.js';
import { activityRepo } from '../activity/repo.js';

export const presenceRepo = {
  /** Registrations, many at once; a device named twice keeps its last. */
  async markOnline(db: Db, rows: OnlineRow[]): Promise<void> {
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
      ${activityRepo.transitions('device.online', sql`c.was = 'offline'`)}`.execute(db);
  },

  async markOffline(db: Db, ids: number[]): Promise<void> {
    if (ids.length === 0) return;
    await sql`with changed as (
        update device d set status = 'offline', register_expires_at = null from device old
        where d.id = any(${ids}::bigint[]) and old.id = d.id
        returning d.id, d.enterprise_id, d.project_id, d.dev_name, old.status as was)
      ${activityRepo.transitions('device.offline', sql`c.was <> 'offline'`)}`.execute(db);
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
      ${activityRepo.transitions('device.offline', sql`true`)}`.execute(db);
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
};
