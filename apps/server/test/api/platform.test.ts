// Image uploads checked by content (SPEC §5) and the enterprise info of /platform/info (issue 4 §7).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, ADMIN, type TestApp } from '../helper.js';
import { apiEnterprise, countRows } from '../factories.js';
import { makePng, multipartFile } from '../images.js';

let t: TestApp;
let acme: Awaited<ReturnType<typeof apiEnterprise>>;
let other: Awaited<ReturnType<typeof apiEnterprise>>;

async function upload(token: string, file: Buffer, filename = 'logo.png', language = 'en-US') {
  const { payload, headers } = multipartFile(file, filename);
  return (
    await t.call({
      method: 'POST',
      url: '/api/file/localUpload/5',
      headers: { ...headers, xaccesstoken: token, language },
      payload,
    })
  ).body as {
    code: number;
    msg: string;
    data?: { id: number; url: string; mime: string; width: number; height: number };
  };
}
const info = {
  name: 'Acme Security',
  identity: '91310000MA1FL0000X',
  scale: '100-499',
  industry: 'Security services',
  mainBusiness: 'Guarding and monitoring',
  region: 'China',
  address: '1 Century Avenue, Shanghai',
  mobile: '13800138000',
  email: 'ops@acme.example.com',
  backupEmail: 'backup@acme.example.com',
  platformId: 'ACME-01',
};

beforeAll(async () => {
  t = await createTestApp();
  const admin = await t.login(ADMIN.loginName, ADMIN.password);
  acme = await apiEnterprise(t, admin, 'Acme');
  other = await apiEnterprise(t, admin, 'Other');
});
afterAll(() => t.close());

describe('image upload', () => {
  it('stores a PNG by content and serves it back to its enterprise only', async () => {
    const png = makePng(950, 650);
    const res = await upload(acme.token, png, 'map.jpg');
    expect(res.data).toMatchObject({ mime: 'image/png', width: 950, height: 650 });
    const back = await t.app.inject({ method: 'GET', url: res.data!.url, cookies: { token: acme.token } });
    expect(back.statusCode).toBe(200);
    expect(back.headers['content-type']).toBe('image/png');
    expect(back.headers['x-content-type-options']).toBe('nosniff');
    expect(back.rawPayload.equals(png)).toBe(true);
    const foreign = await t.call({ method: 'GET', url: res.data!.url, headers: { xaccesstoken: other.token } });
    expect(foreign.body.code).toBe(404);
  });

  it.each([
    ['a text file named .png', Buffer.from('definitely not an image'), 'Upload format error'],
    [
      'an SVG (script-capable, refused)',
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      'Upload format error',
    ],
    ['a file over 2 MB', Buffer.concat([makePng(2, 2), Buffer.alloc(2 * 1024 * 1024)]), 'larger than 2 MB'],
  ])('refuses %s with 4000, storing nothing', async (_title, file, text) => {
    const before = await countRows(t.db, 'enterprise');
    const files = Number(
      (
        await t.db
          .selectFrom('file')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
    const res = await upload(acme.token, file);
    expect(res.code).toBe(4000);
    expect(res.msg).toContain(text);
    expect(
      Number(
        (
          await t.db
            .selectFrom('file')
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      ),
    ).toBe(files);
    expect(await countRows(t.db, 'enterprise')).toBe(before);
  });

  it('says so in Chinese too', async () => {
    expect((await upload(acme.token, Buffer.from('nope'), 'a.png', 'zh-CN')).msg).toContain('上传格式错误');
  });
});

describe('enterprise info', () => {
  it('updates every field with an uploaded logo and answers it back', async () => {
    const logo = (await upload(acme.token, makePng(64, 64))).data!;
    const res = await t.call({
      method: 'POST',
      url: '/api/platform/update',
      headers: { xaccesstoken: acme.token },
      payload: { ...info, logoFileId: logo.id },
    });
    expect(res.body.code).toBe(1);
    const got = (await t.call({ method: 'POST', url: '/api/platform/query', headers: { xaccesstoken: acme.token } }))
      .body.data;
    expect(got).toEqual({ ...info, logoFileId: logo.id, logoUrl: logo.url });
    const session = (await t.call({ method: 'GET', url: '/api/session/get', headers: { xaccesstoken: acme.token } }))
      .body.data as { userAccount: { enterpriseName: string } };
    expect(session.userAccount.enterpriseName).toBe('Acme Security');
  });

  it('requires every field (SPEC §5) and a logo of one’s own enterprise', async () => {
    const theirs = (await upload(other.token, makePng(8, 8))).data!;
    const foreign = await t.call({
      method: 'POST',
      url: '/api/platform/update',
      headers: { xaccesstoken: acme.token },
      payload: { ...info, logoFileId: theirs.id },
    });
    expect(foreign.body.code).toBe(4000);
    expect(foreign.body.msg).toContain('logoFileId');
    for (const field of Object.keys(info)) {
      const { [field as keyof typeof info]: _gone, ...rest } = info;
      const res = await t.call({
        method: 'POST',
        url: '/api/platform/update',
        headers: { xaccesstoken: acme.token },
        payload: { ...rest, logoFileId: theirs.id },
      });
      expect(res.body.code, field).toBe(4000);
      expect(res.body.msg).toContain(field);
    }
    const bad = await t.call({
      method: 'POST',
      url: '/api/platform/update',
      headers: { xaccesstoken: acme.token },
      payload: { ...info, backupEmail: 'nope', logoFileId: theirs.id },
    });
    expect(bad.body.msg).toContain('backupEmail');
  });
});
