// Migration 0011 on a database from before it: enterprises that saved one regional code leave it to
// the enterprise made first, the others keep their settings but lose the claim and auto-enrol; every
// configuration gets a sealed enrolment secret at the next start, and none enrols before it has one.
import { createSecretKey, randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueEnrolmentSecrets } from '../../src/bootstrap.js';
import { decryptSecret, encryptSecret } from '../../src/crypto/secrets.js';
import type { Db } from '../../src/db/database.js';
import { isUniqueViolation } from '../../src/db/errors.js';
import { migrateTo } from '../../src/db/migrate.js';
import { gatewayRepo } from '../../src/gateway/gb28181/repo.js';
import { regionalRepo } from '../../src/modules/device/regional-repo.js';
import { openTestDb } from '../helper.js';

const key = createSecretKey(randomBytes(32));
const SHARED = { area_code: '440300', unit_number: '01', industry_code: '00', network_id: '0' };
/** A camera ID under the shared code. */
const SHARED_CAMERA = '44030001001320000001';

let store: Awaited<ReturnType<typeof openTestDb>>;
let db: Db;
const ids: Record<'first' | 'second' | 'third' | 'apart', number> = { first: 0, second: 0, third: 0, apart: 0 };
const project: Partial<Record<keyof typeof ids, number>> = {};

const rows = () =>
  db
    .selectFrom('regional_config')
    .select(['enterprise_id', 'server', 'area_code', 'auto_enrol_project_id', 'claims_code', 'enrolment_secret'])
    .orderBy('enterprise_id')
    .execute();

beforeAll(async () => {
  store = await openTestDb();
  db = store.db;
  await migrateTo(db, '0010-alarm-fillfactor');
  for (const name of Object.keys(ids) as (keyof typeof ids)[]) {
    const { rows: made } = await sql<{
      id: number;
    }>`insert into enterprise (name) values (${name}) returning id`.execute(db);
    ids[name] = Number(made[0]!.id);
    const { rows: p } = await sql<{ id: number }>`insert into project (enterprise_id, path, kind, name)
      values (${ids[name]}, '/', 'project', ${`${name} site`}) returning id`.execute(db);
    project[name] = Number(p[0]!.id);
  }
  // Three enterprises saved the same code (the second and third with auto-enrol on), one another.
  const config = (name: keyof typeof ids, code: typeof SHARED, autoEnrol: boolean) =>
    sql`insert into regional_config (enterprise_id, server, area_code, unit_number, industry_code, type_code,
        network_id, auto_enrol_project_id)
      values (${ids[name]}, ${`${name}:5060`}, ${code.area_code}, ${code.unit_number}, ${code.industry_code}, '132',
        ${code.network_id}, ${autoEnrol ? project[name]! : null})`.execute(db);
  await config('third', SHARED, true);
  await config('first', SHARED, false);
  await config('second', SHARED, true);
  await config('apart', { ...SHARED, area_code: '110100' }, true);
  expect(await migrateTo(db, '0011-enrolment-secret')).toEqual(['0011-enrolment-secret']);
}, 60_000);

afterAll(async () => {
  await store?.drop();
});

describe('migration 0011', () => {
  it('leaves a shared code to the enterprise made first; the others keep their settings but no claim or auto-enrol', async () => {
    expect(await rows()).toEqual([
      expect.objectContaining({ enterprise_id: ids.first, claims_code: true, auto_enrol_project_id: null }),
      expect.objectContaining({
        enterprise_id: ids.second,
        server: 'second:5060',
        area_code: '440300',
        claims_code: false,
        auto_enrol_project_id: null,
      }),
      expect.objectContaining({ enterprise_id: ids.third, claims_code: false, auto_enrol_project_id: null }),
      expect.objectContaining({ enterprise_id: ids.apart, claims_code: true, auto_enrol_project_id: project.apart }),
    ]);
    // A row that lost its code cannot have auto-enrol back without claiming a code…
    await expect(
      db
        .updateTable('regional_config')
        .set({ auto_enrol_project_id: project.second! })
        .where('enterprise_id', '=', ids.second)
        .execute(),
    ).rejects.toThrow(/regional_config_enrol_claimed/);
    // …and claiming the code it had is refused while the first enterprise holds it.
    const retake = regionalRepo.set(
      db,
      ids.second,
      {
        server: 'second:5060',
        areaCode: SHARED.area_code,
        unitNumber: SHARED.unit_number,
        industryCode: SHARED.industry_code,
        typeCode: '132',
        networkId: SHARED.network_id,
        autoEnrolProjectId: project.second!,
      },
      encryptSecret(key, 'unused'),
    );
    await expect(retake).rejects.toSatisfy((err) => isUniqueViolation(err, 'regional_config_code'));
  });

  it('enrols nothing until start-up issues each configuration a sealed secret of its own', async () => {
    expect((await rows()).map((r) => r.enrolment_secret)).toEqual([null, null, null, null]);
    expect(await gatewayRepo.autoEnrolFor(db, key, '11010001001320000001')).toBeUndefined();

    expect(await issueEnrolmentSecrets(db, key)).toBe(4);
    const secrets = (await rows()).map((r) => decryptSecret(key, r.enrolment_secret!));
    for (const s of secrets) expect(s).toMatch(/^[A-Za-z0-9]{20}$/);
    expect(new Set(secrets).size).toBe(4);
    for (const r of await rows()) expect(r.enrolment_secret).toMatch(/^v1:/);
    // A second start issues none, and changes none.
    const before = await rows();
    expect(await issueEnrolmentSecrets(db, key)).toBe(0);
    expect(await rows()).toEqual(before);

    expect(await gatewayRepo.autoEnrolFor(db, key, '11010001001320000001')).toEqual({
      enterpriseId: ids.apart,
      projectId: project.apart,
      secret: secrets[3],
    });
    // The shared code's holder has auto-enrol off: a device carrying it enrols nowhere.
    expect(await gatewayRepo.autoEnrolFor(db, key, SHARED_CAMERA)).toBeUndefined();
  });
});
