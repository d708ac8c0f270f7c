// Enterprises through the API: the super administrator adds, lists, renames, disables and enables them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, data } from '../helper.js';
import { apiEnterprise, enterpriseApp, uniqueLogin, type Enterprise } from '../factories.js';

let t: TestApp;
let admin: string;
let acme: Enterprise;

const as = (token: string) => t.as(token);

beforeAll(async () => {
  ({ t, admin, enterprise: acme } = await enterpriseApp('Acme Security'));
});
afterAll(() => t.close());

describe('enterprises', () => {
  it('creates an enterprise whose main account is a cloud account seeing every menu', async () => {
    const session = data<{
      isCloudAccount: boolean;
      userPrivilegeKeys: string[];
      userAccount: { enterpriseName: string };
    }>(await as(acme.token).get('/api/session/get'));
    expect(session.isCloudAccount).toBe(true);
    expect(session.userAccount.enterpriseName).toBe('Acme Security');
    expect(session.userPrivilegeKeys).toContain('face-config');
  });

  it('lists enterprises with their main account, for the super administrator only', async () => {
    const page = data<{ list: { name: string; mainLoginName: string }[] }>(
      await as(admin).post('/api/enterprise/query', { page: 1, size: 50 }),
    );
    expect(page.list).toContainEqual(expect.objectContaining({ name: 'Acme Security', mainLoginName: acme.loginName }));
    expect((await as(acme.token).post('/api/enterprise/query', { page: 1, size: 50 })).code).toBe(4117);
  });

  it('refuses a taken login name and a weak password', async () => {
    const taken = await as(admin).post('/api/enterprise/add', {
      name: 'Copycat',
      loginName: acme.loginName.toUpperCase(),
      password: await t.encrypt('Boss@pass123'),
    });
    expect(taken).toMatchObject({ code: 409, msg: 'This login name is already taken.' });
    const weak = await as(admin).post('/api/enterprise/add', {
      name: 'Weak',
      loginName: uniqueLogin('weak'),
      password: await t.encrypt('weak'),
    });
    expect(weak.code).toBe(4000);
  });

  it('disabling an enterprise ends its sessions at once and stops sign-in; enabling restores it', async () => {
    const other = await apiEnterprise(t, admin, 'Short Lived');
    expect((await as(other.token).get('/api/session/get')).code).toBe(1);
    expect((await as(admin).post('/api/enterprise/updateStatus', { id: other.id, status: 0 })).code).toBe(1);
    expect((await as(other.token).get('/api/session/get')).code).toBe(1001);
    await expect(t.login(other.loginName, 'Boss@pass123')).rejects.toThrow(/14004/);
    await as(admin).post('/api/enterprise/updateStatus', { id: other.id, status: 1 });
    await t.login(other.loginName, 'Boss@pass123');
  });

  it('renames an enterprise and refuses the platform’s own', async () => {
    expect((await as(admin).post('/api/enterprise/update', { id: acme.id, name: 'Acme Security' })).code).toBe(1);
    const platform = await t.db
      .selectFrom('enterprise')
      .select('id')
      .where('is_platform', '=', true)
      .executeTakeFirstOrThrow();
    expect((await as(admin).post('/api/enterprise/updateStatus', { id: platform.id, status: 0 })).code).toBe(404);
  });
});
