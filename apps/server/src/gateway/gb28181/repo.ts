// The gateway's SQL: finding a registering device and the enterprise it may enrol into, when devices
// were last heard from, their labels, and the platform-wide SIP password. Device and channel rows and
// registrations are written by the device module (devices.ts).
import type { KeyObject } from 'node:crypto';
import { sql } from 'kysely';
import { GB_TYPE_CODES, parseGbCode } from '@svc/contracts';
import type { DeviceInfo } from '@svc/gb28181';
import { decryptSecret, SecretError, VERSIONED_SQL_PATTERN } from '../../crypto/secrets.js';
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

export const devTypeOf = (gbCode: string): 'IPC' | 'NVR' | 'DVR' | undefined => {
  const type = parseGbCode(gbCode)?.typeCode;
  return (['IPC', 'NVR', 'DVR'] as const).find((t) => type !== undefined && GB_TYPE_CODES[t].includes(type));
};

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

  /** When each device was last heard from; an older time never overwrites a newer one. */
  async markSeen(db: Db, rows: { id: number; at: Date }[]): Promise<void> {
    if (rows.length === 0) return;
    await sql`update device d set keepalive_at = greatest(d.keepalive_at, v.at)
        from unnest(${rows.map((r) => r.id)}::bigint[], ${rows.map((r) => r.at.toISOString())}::timestamptz[]) as v(id, at)
        where d.id = v.id`.execute(db);
  },

  async setLabels(db: Db, id: number, info: DeviceInfo): Promise<void> {
    const set: { manufacturer?: string; model?: string; firmware?: string } = {};
    if (info.manufacturer) set.manufacturer = info.manufacturer.slice(0, 64);
    if (info.model) set.model = info.model.slice(0, 64);
    if (info.firmware) set.firmware = info.firmware.slice(0, 64);
    if (Object.keys(set).length > 0) await db.updateTable('device').set(set).where('id', '=', id).execute();
  },
};

/** The platform's own settings (platform_setting): the generated default SIP password, kept sealed. */
export const sipPasswordRepo = {
  /** As stored; only when sealed (true) or only when in plaintext (false), if asked. */
  async get(db: Db, o: { sealed?: boolean } = {}): Promise<string | undefined> {
    const row = await db
      .selectFrom('platform_setting')
      .select('value')
      .where('key', '=', 'sip_password')
      .$if(o.sealed === true, (q) => q.where('value', '~', VERSIONED_SQL_PATTERN))
      .$if(o.sealed === false, (q) => q.where('value', '!~', VERSIONED_SQL_PATTERN))
      .executeTakeFirst();
    return row?.value;
  },

  /** Stores it unless one is there already (another process may have stored it first). */
  async insertIfAbsent(db: Db, value: string): Promise<void> {
    await db
      .insertInto('platform_setting')
      .values({ key: 'sip_password', value })
      .onConflict((oc) => oc.column('key').doNothing())
      .execute();
  },

  /** Replaces it if it is still `old`; answers whether it did. */
  async replace(db: Db, old: string, value: string): Promise<boolean> {
    const done = await db
      .updateTable('platform_setting')
      .set({ value })
      .where('key', '=', 'sip_password')
      .where('value', '=', old)
      .executeTakeFirst();
    return Number(done.numUpdatedRows) > 0;
  },
};
