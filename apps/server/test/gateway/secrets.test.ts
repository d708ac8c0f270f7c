// Device passwords at rest: sealed in the database on add, update and auto-enrol, yet opened for the
// digest so simulated devices still register; the generated default password sealed and never shown
// to the console; an enterprise's enrolment secret sealed; rows stored in plaintext before sealing
// existed sealed once at the next start; and a start with a key that does not open them refused.
import { createSecretKey, randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sealPlaintextSecrets } from '../../src/bootstrap.js';
import { loadSecretKey } from '../../src/crypto/secret-key.js';
import { decryptSecret, encryptSecret } from '../../src/crypto/secrets.js';
import { registerOnce } from '../registering.js';
import type { Body, TestApp } from '../helper.js';
import type { Enterprise } from '../factories.js';
import { gatewayApp } from '../gateway-app.js';

const YARD_CAM = '34020000001320000601';
const ENROLLED_CAM = '34020000001320000602';

let t: TestApp;
let sipPort: number;
let boss: Enterprise;
let projectId: number;
let yardId: number;
/** The default password the gateway generated on first listen (no SIP_PASSWORD given). */
let generated: string;
/** The enterprise's enrolment secret the auto-enrolled camera proved: its own password since. */
let enrolledPassword: string;

const post = async (url: string, payload: object) =>
  (await t.call({ method: 'POST', url, headers: { xaccesstoken: boss.token }, payload })).body;
const get = async (url: string) => (await t.call({ method: 'GET', url, headers: { xaccesstoken: boss.token } })).body;
/** The key the app uses: the file it generated in its data dir. */
const key = () => loadSecretKey({ secretKey: undefined, dataDir: t.dataDir }).key;
const stored = async (gbCode: string) =>
  (await t.db.selectFrom('device').select('password').where('gb_code', '=', gbCode).executeTakeFirstOrThrow()).password;
const storedSetting = async () =>
  (
    await t.db
      .selectFrom('platform_setting')
      .select('value')
      .where('key', '=', 'sip_password')
      .executeTakeFirstOrThrow()
  ).value;

/** One simulated camera registering with digest: 'registered', or the status it was refused with. */
const register = (id: string, password: string) => registerOnce({ sipPort, id, password });

async function listen(): Promise<string | null> {
  const devices = await t.app.listenDevices('127.0.0.1');
  sipPort = devices.sipPort;
  return devices.generatedSipPassword;
}

beforeAll(async () => {
  let generatedSipPassword: string | null;
  ({ t, sipPort, generatedSipPassword, boss, projectId } = await gatewayApp({
    enterprise: 'Sealed Sites',
    project: 'Yard',
    overrides: { gateway: { syncJitterMs: 0 } },
    restartable: true,
  }));
  generated = generatedSipPassword!;
}, 60_000);

afterAll(async () => {
  await t?.close();
});

describe('device passwords at rest', () => {
  it('stores a device password sealed on add and update, and the device registers with digest', async () => {
    const added: Body = await post('/api/device/add', {
      sn: 'SEALEDCAM0001',
      devName: 'Yard camera',
      devType: 'IPC',
      projectId,
      password: 'yard-pass-1',
      gbCode: YARD_CAM,
    });
    expect(added.code, JSON.stringify(added)).toBe(1);
    yardId = (added.data as { id: number }).id;
    const first = await stored(YARD_CAM);
    expect(first).toMatch(/^v1:/);
    expect(first).not.toContain('yard-pass-1');
    expect(decryptSecret(key(), first)).toBe('yard-pass-1');
    expect(await register(YARD_CAM, 'yard-pass-1')).toBe('registered');

    // The device's answers never carry the password, sealed or not.
    for (const body of [
      await get(`/api/device/detail/${yardId}`),
      await post('/api/device/page/queryList', { page: 1, size: 10 }),
    ]) {
      expect(body.code).toBe(1);
      const text = JSON.stringify(body.data);
      expect(text).toContain('SEALEDCAM0001');
      expect(text).not.toContain('yard-pass-1');
      expect(text).not.toContain(first);
      expect(text).not.toContain('"password"');
    }

    const updated: Body = await post('/api/device/update', {
      id: yardId,
      devName: 'Yard camera',
      projectId,
      password: 'yard-pass-2',
    });
    expect(updated.code, JSON.stringify(updated)).toBe(1);
    const second = await stored(YARD_CAM);
    expect(second).toMatch(/^v1:/);
    expect(second).not.toContain('yard-pass-2');
    expect(decryptSecret(key(), second)).toBe('yard-pass-2');
    expect(await register(YARD_CAM, 'yard-pass-1')).toBe('status 403');
    expect(await register(YARD_CAM, 'yard-pass-2')).toBe('registered');

    // An update that leaves the password out keeps the sealed value as it was.
    expect((await post('/api/device/update', { id: yardId, devName: 'Yard cam', projectId })).code).toBe(1);
    expect(await stored(YARD_CAM)).toBe(second);
  });

  it('seals the generated default password and never shows it; an auto-enrolled device’s own password is sealed', async () => {
    expect(generated).toMatch(/^\S{8,}$/);
    const setting = await storedSetting();
    expect(setting).toMatch(/^v1:/);
    expect(setting).not.toContain(generated);
    const shown = await get('/api/device/sipServer');
    expect(shown.code).toBe(1);
    expect(JSON.stringify(shown)).not.toContain(generated);
    expect(shown.data).toMatchObject({ enrolmentSecret: null, administrator: true });

    const put: Body = await post('/api/device/regional/update', {
      server: '34020000002000000001',
      areaCode: '340200',
      unitNumber: '00',
      industryCode: '00',
      typeCode: '132',
      networkId: '0',
      autoEnrolProjectId: projectId,
    });
    expect(put.code, JSON.stringify(put)).toBe(1);
    const enrolment = await t.db
      .selectFrom('regional_config')
      .select('enrolment_secret')
      .where('enterprise_id', '=', boss.id)
      .executeTakeFirstOrThrow();
    expect(enrolment.enrolment_secret).toMatch(/^v1:/);
    const secret = ((await get('/api/device/sipServer')).data as { enrolmentSecret: string }).enrolmentSecret;
    expect(decryptSecret(key(), enrolment.enrolment_secret!)).toBe(secret);
    expect(enrolment.enrolment_secret).not.toContain(secret);
    // The default password enrols nobody; the enterprise's secret does, and becomes the device's own.
    expect(await register(ENROLLED_CAM, generated)).toBe('status 403');
    expect(await register(ENROLLED_CAM, secret)).toBe('registered');
    const own = await stored(ENROLLED_CAM);
    expect(own).toMatch(/^v1:/);
    expect(decryptSecret(key(), own)).toBe(secret);
    // Enrolled now, it registers with the copy kept in its own row.
    expect(await register(ENROLLED_CAM, secret)).toBe('registered');
    enrolledPassword = secret;
  });

  it('reads passwords stored in plaintext, seals them once at the next start, and devices keep registering', async () => {
    // A database from before sealing: the yard camera's row, the default password, and a device
    // written straight to the table.
    await t.db.updateTable('device').set({ password: 'legacy-yard' }).where('gb_code', '=', YARD_CAM).execute();
    await t.db.updateTable('platform_setting').set({ value: generated }).where('key', '=', 'sip_password').execute();
    const enterpriseId = boss.id;
    await sql`insert into device (enterprise_id, project_id, sn, dev_name, dev_type, password, gb_code)
      values (${enterpriseId}, ${projectId}, 'LEGACYCAM0001', 'Legacy camera', 'IPC', 'legacy-direct', '34020000001320000603')`.execute(
      t.db,
    );
    // Read as they are until then.
    expect(await register(YARD_CAM, 'legacy-yard')).toBe('registered');

    await t.restart();
    expect(await listen()).toBeNull();
    expect(t.app.gateway.settings.password).toBe(generated);
    const after = {
      yard: await stored(YARD_CAM),
      direct: await stored('34020000001320000603'),
      setting: await storedSetting(),
    };
    for (const v of Object.values(after)) expect(v).toMatch(/^v1:/);
    expect(decryptSecret(key(), after.yard)).toBe('legacy-yard');
    expect(decryptSecret(key(), after.direct)).toBe('legacy-direct');
    expect(decryptSecret(key(), after.setting)).toBe(generated);
    expect(await register(YARD_CAM, 'legacy-yard')).toBe('registered');
    expect(await register('34020000001320000603', 'legacy-direct')).toBe('registered');

    // A second start seals nothing again: sealing anew would give new IVs, so new text.
    await t.restart();
    await listen();
    expect({
      yard: await stored(YARD_CAM),
      direct: await stored('34020000001320000603'),
      setting: await storedSetting(),
    }).toEqual(after);
  });

  it('seals plaintext rows in batches, and finds nothing to do the second time', async () => {
    const sns = ['BATCHCAM00001', 'BATCHCAM00002', 'BATCHCAM00003', 'BATCHCAM00004', 'BATCHCAM00005'];
    await t.db
      .insertInto('device')
      .values(
        sns.map((sn) => ({
          enterprise_id: boss.id,
          project_id: projectId,
          sn,
          dev_name: sn,
          dev_type: 'IPC' as const,
          password: `plain-${sn}`,
        })),
      )
      .execute();
    expect(await sealPlaintextSecrets(t.db, key(), 2)).toBe(5);
    expect(await sealPlaintextSecrets(t.db, key(), 2)).toBe(0);
    const rows = await t.db.selectFrom('device').select(['sn', 'password']).where('sn', 'in', sns).execute();
    expect(rows).toHaveLength(5);
    for (const r of rows) expect(decryptSecret(key(), r.password)).toBe(`plain-${r.sn}`);
  });

  it('refuses a device whose stored password cannot be decrypted, never trying the default one', async () => {
    const other = createSecretKey(randomBytes(32));
    await t.db
      .updateTable('device')
      .set({ password: encryptSecret(other, enrolledPassword) })
      .where('gb_code', '=', ENROLLED_CAM)
      .execute();
    expect(await register(ENROLLED_CAM, enrolledPassword)).toBe('status 500');
    expect(await register(ENROLLED_CAM, generated)).toBe('status 500');
    // An enrolment secret that cannot be opened enrols nobody either, with no other password tried.
    await t.db
      .updateTable('regional_config')
      .set({ enrolment_secret: encryptSecret(other, enrolledPassword) })
      .where('enterprise_id', '=', boss.id)
      .execute();
    expect(await register('34020000001320000604', enrolledPassword)).toBe('status 500');
    expect(await register('34020000001320000604', generated)).toBe('status 500');
    // Such rows neither stop the next start nor the devices whose passwords open.
    await t.restart();
    await listen();
    expect(await register(ENROLLED_CAM, enrolledPassword)).toBe('status 500');
    expect(await register(YARD_CAM, 'legacy-yard')).toBe('registered');
  });

  it('refuses to start with a key that does not open the stored passwords, and changes nothing', async () => {
    const before = await stored(YARD_CAM);
    const wrong = randomBytes(32).toString('hex');
    await expect(t.restart({ env: { SECRET_KEY: wrong } })).rejects.toThrow(
      /^bad setting SECRET_KEY: does not decrypt the device passwords in the database/,
    );
    expect(await stored(YARD_CAM)).toBe(before);
    // With the key they were stored under it starts again (an empty variable is unset: the key file).
    await t.restart({ env: { SECRET_KEY: '' } });
    await listen();
    expect(await register(YARD_CAM, 'legacy-yard')).toBe('registered');
  });
});
