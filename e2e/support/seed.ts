// A fresh enterprise with one project (logo and all) made through the API, signed in: where the device specs start.
// Areas and batches of devices under it, through the API too, for specs that need a fuller tree fast.
import { expect, type APIRequestContext } from '@playwright/test';
import { ApiSession, uniqueName } from '../fixtures/api';
import type { Admin } from '../fixtures/console-test';
import { logoPng } from './png';

export async function enterpriseWithProject(
  request: APIRequestContext,
  admin: Admin,
  o: { prefix: string; password: string; proName: string },
): Promise<{ mainLogin: string; boss: ApiSession; projectId: number; logoUrl: string }> {
  const platform = await ApiSession.signIn(request, admin.login, admin.password);
  const mainLogin = uniqueName(o.prefix);
  await platform.post('/api/enterprise/add', {
    name: `E2E ${uniqueName(o.prefix)}`,
    loginName: mainLogin,
    password: await platform.encrypt(o.password),
  });
  const boss = await ApiSession.signIn(request, mainLogin, o.password);
  const logo = await boss.upload<{ url: string }>('/api/file/project/logoUpload/0', {
    name: 'logo.png',
    mimeType: 'image/png',
    buffer: logoPng(),
  });
  const project = await boss.post<{ id: number }>('/api/project/add', { proName: o.proName, proLogo: logo.url });
  return { mainLogin, boss, projectId: project.id, logoUrl: logo.url };
}

/** A monitoring area under `parentId`; its logo is optional (SPEC §5 requires one of projects only). */
export async function areaUnder(
  boss: ApiSession,
  o: { parentId: number; proName: string; proLogo?: string },
): Promise<number> {
  return (await boss.post<{ id: number }>('/api/project/add', { ...o, kind: 'area' })).id;
}

/**
 * `count` IPCs named `<name> 01`, `<name> 02`… in one node (one call each: the API adds one device at a time).
 * The two-digit suffix keeps the tree's order (by name) the numeric one. Serials are 13 letters or digits
 * (SPEC §5): a stamp of this run plus the index, so reruns against one server never collide.
 */
export async function camerasIn(
  boss: ApiSession,
  o: { projectId: number; name: string; count: number },
): Promise<{ id: number; devName: string }[]> {
  if (o.count > 99) throw new Error('camerasIn numbers devices with two digits: at most 99');
  const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 36 ** 2).toString(36)}`
    .toUpperCase()
    .padStart(10, '0')
    .slice(-10);
  const added: { id: number; devName: string }[] = [];
  for (let i = 1; i <= o.count; i++) {
    const devName = `${o.name} ${String(i).padStart(2, '0')}`;
    const sn = `C${stamp}${String(i).padStart(2, '0')}`;
    const { id } = await boss.post<{ id: number }>('/api/device/add', {
      sn,
      devName,
      devType: 'IPC',
      projectId: o.projectId,
      password: 'cam-pass-1',
    });
    added.push({ id, devName });
  }
  return added;
}

/** Waits until a simulated device has registered: the device list shows it online. */
export async function deviceOnline(boss: ApiSession, deviceId: number): Promise<void> {
  await expect
    .poll(
      async () =>
        (
          await boss.post<{ list: { id: number; statusLive: string }[] }>('/api/device/page/queryList', {
            page: 1,
            size: 100,
          })
        ).list.find((d) => d.id === deviceId)?.statusLive,
      { timeout: 30_000, message: 'the simulated device registers and goes online' },
    )
    .toBe('online');
}

/** Waits until a simulated recorder has reported `count` playable channels. */
export async function channelsPlayable(boss: ApiSession, deviceId: number, count: number): Promise<void> {
  await expect
    .poll(
      async () =>
        (await boss.post<{ playable: boolean }[]>('/api/device/channel/list', { deviceId })).filter((c) => c.playable)
          .length,
      { timeout: 30_000, message: `the simulated recorder reports ${count} playable channels` },
    )
    .toBe(count);
}
