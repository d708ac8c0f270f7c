// SQL of regional configurations (SPEC §3): an enterprise's GB/T 28181 code parts, the code it claims
// and the enrolment secret kept with them, and the serials already used under a code.
import type { RegionalConfig } from '@svc/contracts';
import { sql } from 'kysely';
import type { SealedSecret } from '../../crypto/secrets.js';
import type { Db } from '../../db/database.js';

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

  /**
   * The highest serial (the last six digits) among the codes of devices under this 14-digit prefix;
   * null when none has one yet.
   */
  async lastSerial(db: Db, prefix: string): Promise<number | null> {
    const row = await db
      .selectFrom('device')
      .select(sql<string | null>`max(substr(gb_code, 15))`.as('last'))
      .where('gb_code', 'like', `${prefix}%`)
      .executeTakeFirst();
    return row?.last ? Number(row.last) : null;
  },

  /** A few stored enrolment secrets (sealed), to try the platform key on at start. */
  sealedSecrets(db: Db, limit: number) {
    return db
      .selectFrom('regional_config')
      .select('enrolment_secret as value')
      .where('enrolment_secret', 'is not', null)
      .limit(limit)
      .$narrowType<{ value: string }>()
      .execute();
  },
};
