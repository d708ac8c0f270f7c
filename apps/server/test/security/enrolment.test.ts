// Auto-enrolment belongs to one enterprise, over real SIP: the platform-wide device password is never
// handed to a tenant and never enrols a device; an unknown device enrols into enterprise A only with
// A's own enrolment secret, which its administrators alone see and regenerate, and keeps the secret it
// proved as its own password; a regional code is held by one enterprise, so B can neither take A's
// code nor, by saving it too, lock A's next devices out.
import { raiseAlarm } from '@svc/device-sim';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSecretKey } from '../../src/crypto/secret-key.js';
import { decryptSecret } from '../../src/crypto/secrets.js';
import { type TestApp, data } from '../helper.js';
import { apiRole, apiSite, apiStaff, type Enterprise } from '../factories.js';
import { gatewayApp } from '../gateway-app.js';
import { attemptRegister, registerOnce } from '../registering.js';

type SipServer = Record<string, unknown> & { enrolmentSecret?: string | null };

const PLATFORM_PASSWORD = 'platform-wide-pass';
/** Enterprise A's regional code: area 440300, unit 01, industry 00, network 0. */
const A_CODE = { areaCode: '440300', unitNumber: '01', industryCode: '00', networkId: '0' };
/** A camera's ID under A's code (type 132), numbered. */
const aCamera = (serial: number) => `44030001001320${String(serial).padStart(6, '0')}`;
const ATTACKER = aCamera(1);

let t: TestApp;
let sipPort: number;
let alpha: Enterprise;
let bravo: Enterprise;
/** Enterprise B's view-only staff: privilege `device`, nothing else. */
let bravoViewer: string;
/** Enterprise A's staff allowed to edit the GB28181 settings, but not an administrator. */
let alphaConfigurer: string;
let autoProject: number;
let bravoProject: number;

const as = (token: string) => t.as(token, { timezone: 'UTC' });
const sipServer = async (token: string) => data<SipServer>(await as(token).get('/api/device/sipServer'));
/** The enrolment secret as the database keeps it, opened with the app's key. */
const storedSecret = async (enterpriseId: number) => {
  const row = await t.db
    .selectFrom('regional_config')
    .selectAll()
    .where('enterprise_id', '=', enterpriseId)
    .executeTakeFirstOrThrow();
  const sealed = (row as Record<string, unknown>).enrolment_secret as string;
  expect(sealed).toMatch(/^v1:/);
  return decryptSecret(loadSecretKey({ secretKey: undefined, dataDir: t.dataDir }).key, sealed);
};
const deviceRow = (gbCode: string) =>
  t.db
    .selectFrom('device')
    .select(['id', 'enterprise_id', 'project_id', 'password'])
    .where('gb_code', '=', gbCode)
    .executeTakeFirst();
/** Device alarms (not offline ones) in an enterprise's alarm list. */
const deviceAlarms = async (token: string) =>
  data<{ list: { source: string; deviceName: string }[] }>(
    await as(token).post('/api/alarm/page/query', { page: 1, size: 50 }),
  ).list.filter((a) => a.source === 'device');

async function staff(boss: string, roleName: string, privilegeKeys: string[]): Promise<string> {
  const role = await apiRole(t, boss, roleName, privilegeKeys);
  return (await apiStaff(t, boss, [role], { name: roleName })).login();
}

beforeAll(async () => {
  let admin: string;
  ({
    t,
    sipPort,
    admin,
    boss: alpha,
    projectId: autoProject,
  } = await gatewayApp({
    enterprise: 'Alpha Estates',
    project: 'Enrolled',
    env: { SIP_PASSWORD: PLATFORM_PASSWORD },
    overrides: { gateway: { syncJitterMs: 0 } },
  }));
  ({ boss: bravo, projectId: bravoProject } = await apiSite(t, {
    admin,
    enterprise: 'Bravo Holdings',
    project: 'BravoSite',
  }));
  bravoViewer = await staff(bravo.token, 'Viewers', ['device']);
  alphaConfigurer = await staff(alpha.token, 'GB settings', ['device', 'GB28181']);
  // A turns auto-enrol on for its code; B saves a code of its own.
  data(
    await as(alpha.token).post('/api/device/regional/update', {
      server: '203.0.113.1:5060',
      ...A_CODE,
      typeCode: '132',
      autoEnrolProjectId: autoProject,
    }),
  );
  data(
    await as(bravo.token).post('/api/device/regional/update', {
      server: '203.0.113.2:5060',
      areaCode: '110100',
      unitNumber: '02',
      industryCode: '00',
      typeCode: '132',
      networkId: '0',
    }),
  );
}, 60_000);

afterAll(async () => {
  await t?.close();
});

describe('auto-enrolment credentials', () => {
  it('never hands the platform password to a tenant; an administrator gets its own enterprise’s secret only', async () => {
    const viewer = await as(bravoViewer).get('/api/device/sipServer');
    expect(viewer.code).toBe(1);
    expect(JSON.stringify(viewer)).not.toContain(PLATFORM_PASSWORD);
    expect(viewer.data).toMatchObject({ id: '34020000002000000001', port: sipPort, enrolmentSecret: null });
    expect(viewer.data).not.toHaveProperty('password');

    const alphaSecret = await storedSecret(alpha.id);
    const bravoSecret = await storedSecret(bravo.id);
    expect(alphaSecret).toMatch(/^[A-Za-z0-9]{16,}$/);
    expect(bravoSecret).toMatch(/^[A-Za-z0-9]{16,}$/);
    expect(alphaSecret).not.toBe(bravoSecret);

    const bravoMain = await as(bravo.token).get('/api/device/sipServer');
    expect(JSON.stringify(bravoMain)).not.toContain(PLATFORM_PASSWORD);
    expect(JSON.stringify(bravoMain)).not.toContain(alphaSecret);
    expect(bravoMain.data).toMatchObject({ enrolmentSecret: bravoSecret, administrator: true });
    expect((await sipServer(alpha.token)).enrolmentSecret).toBe(alphaSecret);

    // Staff who may edit the GB28181 settings are still not administrators: no secret, no reset.
    const configurer = await as(alphaConfigurer).get('/api/device/sipServer');
    expect(configurer.data).toMatchObject({ enrolmentSecret: null, administrator: false });
    expect(JSON.stringify(configurer)).not.toContain(alphaSecret);
    expect((await as(alphaConfigurer).post('/api/device/regional/resetSecret')).code).toBe(4117);
    expect((await as(bravoViewer).post('/api/device/regional/resetSecret')).code).toBe(4117);
    expect(await storedSecret(alpha.id)).toBe(alphaSecret);
  });

  it('refuses a device carrying A’s code that registers with the platform password, and drops its alarms', async () => {
    const attempt = await attemptRegister({ sipPort, id: ATTACKER, password: PLATFORM_PASSWORD });
    try {
      expect(attempt.answer).toBe('status 403');
      expect(await deviceRow(ATTACKER)).toBeUndefined();
      expect(await raiseAlarm(attempt.device)).toBe(403);
    } finally {
      await attempt.sim.stop();
    }
    expect(await deviceRow(ATTACKER)).toBeUndefined();
    expect(await deviceAlarms(alpha.token)).toEqual([]);
    const stored = await t.db.selectFrom('alarm').select('id').where('enterprise_id', '=', alpha.id).execute();
    expect(stored).toEqual([]);
  });

  it('enrols a device with A’s secret under a password of its own, which outlives a regenerated secret', async () => {
    const key = loadSecretKey({ secretKey: undefined, dataDir: t.dataDir }).key;
    const secret = (await sipServer(alpha.token)).enrolmentSecret!;
    const attempt = await attemptRegister({ sipPort, id: ATTACKER, password: secret });
    try {
      expect(attempt.answer).toBe('registered');
      const row = (await deviceRow(ATTACKER))!;
      expect(row).toMatchObject({ enterprise_id: alpha.id, project_id: autoProject });
      expect(row.password).toMatch(/^v1:/);
      expect(decryptSecret(key, row.password)).toBe(secret);
      expect(decryptSecret(key, row.password)).not.toBe(PLATFORM_PASSWORD);
      // Now a device of A, its alarms are A's.
      expect(await raiseAlarm(attempt.device)).toBe(200);
      expect(await deviceAlarms(alpha.token)).toHaveLength(1);
      expect(await deviceAlarms(bravo.token)).toEqual([]);
    } finally {
      await attempt.sim.stop();
    }

    const reset = data<{ enrolmentSecret: string }>(await as(alpha.token).post('/api/device/regional/resetSecret'));
    expect(reset.enrolmentSecret).toMatch(/^[A-Za-z0-9]{16,}$/);
    expect(reset.enrolmentSecret).not.toBe(secret);
    expect(await storedSecret(alpha.id)).toBe(reset.enrolmentSecret);
    expect((await sipServer(alpha.token)).enrolmentSecret).toBe(reset.enrolmentSecret);

    // The enrolled device keeps the password it proved; a new device needs the new secret.
    expect(await registerOnce({ sipPort, id: ATTACKER, password: secret })).toBe('registered');
    expect(await registerOnce({ sipPort, id: aCamera(2), password: secret })).toBe('status 403');
    expect(await deviceRow(aCamera(2))).toBeUndefined();
    expect(await registerOnce({ sipPort, id: aCamera(2), password: reset.enrolmentSecret })).toBe('registered');
    expect(decryptSecret(key, (await deviceRow(aCamera(2)))!.password)).toBe(reset.enrolmentSecret);
    // Neither password ever enrols a device into B, nor does the platform password into anyone.
    expect(await registerOnce({ sipPort, id: '11010002001320000001', password: PLATFORM_PASSWORD })).toBe('status 403');
  });

  it('refuses B the regional code A holds, and A’s next new device still enrols', async () => {
    const before = data(await as(bravo.token).post('/api/device/regional/query'));
    for (const autoEnrolProjectId of [bravoProject, null]) {
      const taken = await as(bravo.token).post('/api/device/regional/update', {
        server: '203.0.113.2:5060',
        ...A_CODE,
        typeCode: '132',
        autoEnrolProjectId,
      });
      expect(taken.code).toBe(409);
      expect(taken.msg).toContain('This regional code is already held by another enterprise');
    }
    expect(data(await as(bravo.token).post('/api/device/regional/query'))).toEqual(before);
    // In Chinese too.
    const zh = await t.call({
      method: 'POST',
      url: '/api/device/regional/update',
      headers: { xaccesstoken: bravo.token, language: 'zh-CN' },
      payload: { server: '203.0.113.2:5060', ...A_CODE, typeCode: '132' },
    });
    expect(zh.body.code).toBe(409);
    expect(zh.body.msg).toContain('该区域编码已被其他企业占用');

    const secret = (await sipServer(alpha.token)).enrolmentSecret!;
    expect(await registerOnce({ sipPort, id: aCamera(3), password: secret })).toBe('registered');
    expect(await deviceRow(aCamera(3))).toMatchObject({ enterprise_id: alpha.id, project_id: autoProject });
    // A saving its own code again is no conflict.
    expect(
      (
        await as(alpha.token).post('/api/device/regional/update', {
          server: '203.0.113.1:5060',
          ...A_CODE,
          typeCode: '132',
          autoEnrolProjectId: autoProject,
        })
      ).code,
    ).toBe(1);
    expect((await sipServer(alpha.token)).enrolmentSecret).toBe(secret);
  });
});
