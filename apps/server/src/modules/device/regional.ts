// Regional configuration (SPEC §3): the parts of an enterprise's GB/T 28181 codes. A device added
// without a code gets the next one composed from it; a given code must name the device's type. The
// code (area, unit, industry, network digits) is held by one enterprise only, and the row keeps the
// enterprise's enrolment secret: what a device not yet added proves to enrol itself (the gateway).
import { randomInt } from 'node:crypto';
import { GB_TYPE_CODES, composeGbCode, parseGbCode, type RegionalConfig } from '@svc/contracts';
import { sql } from 'kysely';
import type { SealedSecret } from '../../crypto/secrets.js';
import type { Db } from '../../db/database.js';
import { AppError } from '../../http/app-error.js';
import type { Principal } from '../../http/auth.js';

const SECRET_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
/** 20 of 62 characters: 119 bits, beyond guessing by REGISTER. */
const SECRET_LENGTH = 20;

/**
 * Who administers the caller's enterprise, and so alone sees and regenerates its enrolment secret: its
 * main account (a cloud account) or the platform's super administrator, the accounts that hold every
 * privilege by themselves (SPEC §6). Staff hold privileges through roles, whatever the keys (even
 * GB28181, which edits the regional configuration), and never administer: a role is handed out too
 * freely for a credential that puts devices into the enterprise.
 */
export const administersEnterprise = (p: Principal): boolean => p.isCloudAccount || p.isSuperAdmin;

/** A new enrolment secret: letters and digits only, which every device's SIP password field accepts. */
export function newEnrolmentSecret(): string {
  let out = '';
  for (let i = 0; i < SECRET_LENGTH; i++) out += SECRET_ALPHABET[randomInt(SECRET_ALPHABET.length)];
  return out;
}

export const regionalRepo = {
  async get(db: Db, enterpriseId: number): Promise<RegionalConfig | null> {
    const r = await db
      .selectFrom('regional_config')
      .selectAll()
      .where('enterprise_id', '=', enterpriseId)
      .executeTakeFirst();
    return r
      ? {
          server: r.server,
          areaCode: r.area_code,
          unitNumber: r.unit_number,
          industryCode: r.industry_code,
          typeCode: r.type_code,
          networkId: r.network_id,
          autoEnrolProjectId: r.auto_enrol_project_id,
        }
      : null;
  },

  /**
   * Saves the configuration and claims its regional code; `secret` becomes the enrolment secret of a
   * row that has none yet (a first save). A code another enterprise holds breaks the unique index
   * `regional_config_code`.
   */
  async set(db: Db, enterpriseId: number, c: RegionalConfig, secret: SealedSecret): Promise<void> {
    const row = {
      server: c.server,
      area_code: c.areaCode,
      unit_number: c.unitNumber,
      industry_code: c.industryCode,
      type_code: c.typeCode,
      network_id: c.networkId,
      claims_code: true,
      ...(c.autoEnrolProjectId !== undefined ? { auto_enrol_project_id: c.autoEnrolProjectId } : {}),
    };
    await db
      .insertInto('regional_config')
      .values({ enterprise_id: enterpriseId, ...row, enrolment_secret: secret })
      .onConflict((oc) =>
        oc.column('enterprise_id').doUpdateSet({
          ...row,
          enrolment_secret: sql<string>`coalesce(regional_config.enrolment_secret, excluded.enrolment_secret)`,
        }),
      )
      .execute();
  },

  /** The enterprise's enrolment secret as stored (sealed); null before it saved a configuration. */
  async enrolmentSecret(db: Db, enterpriseId: number): Promise<string | null> {
    const r = await db
      .selectFrom('regional_config')
      .select('enrolment_secret')
      .where('enterprise_id', '=', enterpriseId)
      .executeTakeFirst();
    return r?.enrolment_secret ?? null;
  },

  /** Replaces the enterprise's enrolment secret; false when it has no configuration to keep one in. */
  async setEnrolmentSecret(db: Db, enterpriseId: number, secret: SealedSecret): Promise<boolean> {
    const r = await db
      .updateTable('regional_config')
      .set({ enrolment_secret: secret })
      .where('enterprise_id', '=', enterpriseId)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  },

  /** The configurations without an enrolment secret (saved before secrets existed). */
  async withoutSecret(db: Db): Promise<number[]> {
    const rows = await db
      .selectFrom('regional_config')
      .select('enterprise_id')
      .where('enrolment_secret', 'is', null)
      .execute();
    return rows.map((r) => r.enterprise_id);
  },

  /** Gives a configuration its first enrolment secret; a secret another process gave meanwhile is kept. */
  async issueEnrolmentSecret(db: Db, enterpriseId: number, secret: SealedSecret): Promise<void> {
    await db
      .updateTable('regional_config')
      .set({ enrolment_secret: secret })
      .where('enterprise_id', '=', enterpriseId)
      .where('enrolment_secret', 'is', null)
      .execute();
  },
};

/** Refuses a GB code whose type digits do not belong to the device type. */
export function checkGbType(gbCode: string, devType: 'IPC' | 'NVR' | 'DVR'): void {
  const parsed = parseGbCode(gbCode);
  if (!parsed) throw AppError.param('gbCode', 'device.gbCode');
  const allowed = GB_TYPE_CODES[devType];
  if (!allowed.includes(parsed.typeCode))
    throw AppError.param('gbCode', 'device.gbCodeType', { type: devType, codes: allowed.join('/') });
}

/** The next free code under the enterprise's configuration for a device type, or null without one. */
export async function nextGbCode(db: Db, enterpriseId: number, devType: 'IPC' | 'NVR' | 'DVR'): Promise<string | null> {
  const config = await regionalRepo.get(db, enterpriseId);
  if (!config) return null;
  const prefix = composeGbCode({ ...config, typeCode: GB_TYPE_CODES[devType][0]! }, 0).slice(0, 14);
  const row = await db
    .selectFrom('device')
    .select(sql<string | null>`max(substr(gb_code, 15))`.as('last'))
    .where('gb_code', 'like', `${prefix}%`)
    .executeTakeFirst();
  const serial = row?.last ? Number(row.last) + 1 : 1;
  if (serial > 999_999) return null;
  return `${prefix}${String(serial).padStart(6, '0')}`;
}
