// What a refused field says: 4000 naming the field and the bound it crossed, in the caller's language,
// and nothing stored or cut short.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, ADMIN, type Body, type TestApp } from '../helper.js';
import { apiEnterprise } from '../factories.js';

let t: TestApp;
let acme: Awaited<ReturnType<typeof apiEnterprise>>;

const post = async (url: string, payload: object, language = 'en-US') =>
  (await t.call({ method: 'POST', url, headers: { xaccesstoken: acme.token, language }, payload })).body as Body;

beforeAll(async () => {
  t = await createTestApp();
  const admin = await t.login(ADMIN.loginName, ADMIN.password);
  acme = await apiEnterprise(t, admin, 'Acme Rules');
});
afterAll(() => t.close());

describe('refused fields name their limit', () => {
  it('refuses a 30-character role name naming 20, and stores no shortened copy', async () => {
    const name = 'R'.repeat(30);
    const res = await post('/api/role/add', { roleName: name, privilegeKeys: [] });
    expect(res.code).toBe(4000);
    expect(res.msg).toBe('Parameter error: roleName — Role name is required, at most 20 characters.');
    expect((await post('/api/role/add', { roleName: name, privilegeKeys: [] }, 'zh-CN')).msg).toContain('20');
    const stored = await t.db.selectFrom('role').select('role_name').where('role_name', 'like', 'RRRR%').execute();
    expect(stored).toEqual([]);
  });

  it.each([
    ['below its minimum', { page: 1, size: 0 }, 'Parameter error: size — Must be at least 1.', '不能小于 1'],
    ['above its maximum', { page: 1, size: 101 }, 'Parameter error: size — Must be at most 100.', '不能大于 100'],
    ['a page below 1', { page: 0, size: 10 }, 'Parameter error: page — Must be at least 1.', '不能小于 1'],
  ])('names the bound of a number %s', async (_title, query, english, chinese) => {
    const res = await post('/api/device/page/queryList', query);
    expect(res).toEqual({ code: 4000, msg: english });
    expect(res.msg).not.toMatch(/too (short|long)/i);
    expect((await post('/api/device/page/queryList', query, 'zh-CN')).msg).toContain(chinese);
  });

  it('names the length limit of a text whose schema has no message of its own', async () => {
    const res = await post('/api/device/page/queryList', { page: 1, size: 10, text: 'x'.repeat(65) });
    expect(res).toEqual({ code: 4000, msg: 'Parameter error: text — At most 64 characters.' });
  });

  it('names the item limit of a list', async () => {
    const res = await post(
      '/api/project/deleteByIds',
      Array.from({ length: 101 }, (_, i) => i + 1),
    );
    expect(res).toEqual({ code: 4000, msg: 'Parameter error: body — At most 100 items.' });
  });

  it('keeps a rule’s own message when it has one', async () => {
    const res = await post('/api/project/deleteByIds', []);
    expect(res).toEqual({ code: 4000, msg: 'Parameter error: body — Select at least one item.' });
  });
});
