// Screenshots of the organisation screens in all three languages, over seeded data, for a person to look at:
// staff list, role editor, enterprise info (as an enterprise's main account) and enterprises (as the platform admin).
// page.evaluate callbacks run in the browser: they need the DOM types.
/// <reference lib="dom" />
import type { Page } from '@playwright/test';
import { test, expect } from '../fixtures/console-test';
import { ApiSession, uniqueName } from '../fixtures/api';
import { screenshot, signInAs } from '../fixtures/session';
import { EnterpriseInfoScreen, EnterprisesScreen, RoleEmployeePage } from '../pages/organisation.page';
import { logoPng } from '../support/png';

const PASSWORD = 'Shot#Main2025';
const LANGUAGES = ['zh-CN', 'zh-TW', 'en-US'] as const;

const STAFF = [
  { loginName: 'liwei', name: '李伟', department: 'Security', mobile: '13800138001', roles: ['Monitors'] },
  { loginName: 'zhangmin', name: '张敏', department: 'Security', email: 'min@shots.example.com', roles: ['Monitors'] },
  { loginName: 'chenjing', name: 'Chen Jing', department: 'Front desk', roles: ['Receptionists', 'Monitors'] },
  { loginName: 'wanglei', name: 'Wang Lei', department: 'IT', email: 'lei@shots.example.com', roles: ['Staff admins'] },
  { loginName: 'zhaoyun', name: '赵云', roles: ['Receptionists'] },
];

/** One enterprise with roles, a device group, staff and complete info; answers its main account. */
async function seed(page: Page, admin: { login: string; password: string }): Promise<string> {
  const platform = await ApiSession.signIn(page.request, admin.login, admin.password);
  const mainLogin = uniqueName('shots');
  await platform.post('/api/enterprise/add', {
    name: 'Harbour Retail Group',
    loginName: mainLogin,
    password: await platform.encrypt(PASSWORD),
  });
  const main = await ApiSession.signIn(page.request, mainLogin, PASSWORD);
  const roles = new Map<string, number>();
  for (const [roleName, remark, privilegeKeys] of [
    ['Monitors', 'Watch live video and recordings', ['project', 'preview', 'device-show', 'records', 'account']],
    ['Receptionists', 'Front desk: visitors and staff', ['user', 'user-add', 'account']],
    ['Staff admins', 'Manage staff and roles', ['user', 'user-add', 'user-edit', 'user-status', 'role', 'role-edit']],
  ] as const) {
    roles.set(roleName, (await main.post<{ id: number }>('/api/role/add', { roleName, remark, privilegeKeys })).id);
  }
  await main.post('/api/group/add', { name: 'Entrance cameras', remark: 'Doors and lobby' });
  for (const s of STAFF) {
    const login = uniqueName(s.loginName);
    await main.post('/api/employee/add', {
      loginName: login,
      name: s.name,
      password: await main.encrypt('Staff#2025x'),
      roleIds: s.roles.map((r) => roles.get(r)!),
      ...(s.department ? { department: s.department } : {}),
      ...(s.mobile ? { mobile: s.mobile } : {}),
      ...(s.email ? { email: s.email } : {}),
    });
  }
  const logo = await main.upload<{ id: number }>('/api/file/localUpload/5', {
    name: 'logo.png',
    mimeType: 'image/png',
    buffer: logoPng(),
  });
  await main.post('/api/platform/update', {
    name: 'Harbour Retail Group',
    identity: '91310000MA1FL0001X',
    scale: '200-499',
    industry: 'Retail',
    mainBusiness: 'Supermarkets and convenience stores',
    region: 'China',
    address: '88 Harbour Road, Shanghai',
    mobile: '13800138000',
    email: 'ops@harbour.example.com',
    backupEmail: 'it@harbour.example.com',
    platformId: 'harbour',
    logoFileId: logo.id,
  });
  return mainLogin;
}

test('organisation screens in three languages', async ({ page, admin, baseURL }) => {
  test.setTimeout(180_000);
  const mainLogin = await seed(page, admin);
  for (const lang of LANGUAGES) {
    await page.context().clearCookies();
    await page.context().addCookies([{ name: 'local', value: lang, url: baseURL! }]);
    await signInAs(page, mainLogin, PASSWORD);
    const org = new RoleEmployeePage(page);
    await page.goto('/user/role-employee');
    await expect(org.row('Wang Lei')).toBeVisible();
    await screenshot(page, `staff-${lang}.png`);

    // The add form with every SPEC §5 message showing.
    await org.button(/新增员工|新增員工|Add staff/).click();
    await org.field('password').fill('short');
    await org.field('confirmPassword').fill('other');
    await org.dialog().locator('.ant-btn-primary').click();
    await expect(org.dialog().locator('.ant-form-item-explain-error').first()).toBeVisible();
    await screenshot(page, `staff-form-${lang}.png`);
    await page.keyboard.press('Escape');

    await org.tabs().nth(1).click();
    await org.row('Staff admins').getByRole('button').first().click();
    // antd keeps one hidden measuring node first; wait for a real one.
    await expect(org.dialog().locator('.ant-tree-treenode:not([aria-hidden="true"])').first()).toBeVisible();
    await screenshot(page, `role-editor-${lang}.png`);
    await page.keyboard.press('Escape');

    const info = new EnterpriseInfoScreen(page);
    await page.goto('/platform/info');
    await expect(info.logo()).toHaveJSProperty('complete', true);
    await screenshot(page, `enterprise-info-${lang}.png`);
  }
  for (const lang of LANGUAGES) {
    await page.context().clearCookies();
    await page.context().addCookies([{ name: 'local', value: lang, url: baseURL! }]);
    await signInAs(page, admin.login, admin.password);
    await page.goto('/platform/enterprise');
    await expect(new EnterprisesScreen(page).row('Harbour Retail Group')).toBeVisible();
    await screenshot(page, `enterprises-${lang}.png`);
  }
});
