// Regional configuration (SPEC §3): the parts of an enterprise's GB/T 28181 codes. A device added
// without a code gets the next one composed from it; a given code must name the device's type.
import { GB_TYPE_CODES, composeGbCode, parseGbCode, type RegionalConfig } from '@svc/contracts';
import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { AppError } from '../../http/app-error.js';

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

  async set(db: Db, enterpriseId: number, c: RegionalConfig): Promise<void> {
    const row = {
      server: c.server,
      area_code: c.areaCode,
      unit_number: c.unitNumber,
      industry_code: c.industryCode,
      type_code: c.typeCode,
      network_id: c.networkId,
      ...(c.autoEnrolProjectId !== undefined ? { auto_enrol_project_id: c.autoEnrolProjectId } : {}),
    };
    await db
      .insertInto('regional_config')
      .values({ enterprise_id: enterpriseId, ...row })
      .onConflict((oc) => oc.column('enterprise_id').doUpdateSet(row))
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
