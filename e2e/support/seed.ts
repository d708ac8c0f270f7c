// A fresh enterprise with one project (logo and all) made through the API, signed in: where the device specs start.
import type { APIRequestContext } from '@playwright/test';
import { ApiSession, uniqueName } from '../fixtures/api';
import type { Admin } from '../fixtures/console-test';
import { logoPng } from './png';

export async function enterpriseWithProject(
  request: APIRequestContext,
  admin: Admin,
  o: { prefix: string; password: string; proName: string },
): Promise<{ mainLogin: string; boss: ApiSession; projectId: number }> {
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
  return { mainLogin, boss, projectId: project.id };
}
