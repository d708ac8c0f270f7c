// Image uploads checked by content (SPEC §5) and the enterprise info of /platform/info.
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

  it.each([
    ['en-US', 'Upload format error: use JPG, JPEG, PNG or GIF.', 'Upload failed: the file is larger than 2 MB.'],
    ['zh-CN', '上传格式错误：请使用 JPG、JPEG、PNG 或 GIF', '上传失败：文件大小不能超过 2 MB'],
    ['zh-TW', '上傳格式錯誤：請使用 JPG、JPEG、PNG 或 GIF', '上傳失敗：檔案大小不能超過 2 MB'],
  ])('answers SPEC §5 upload messages in %s, with no parameter-error prefix', async (language, format, size) => {
    const big = Buffer.concat([makePng(2, 2), Buffer.alloc(2 * 1024 * 1024)]);
    expect(await upload(acme.token, Buffer.from('nope'), 'a.png', language)).toEqual({ code: 4000, msg: format });
    expect(await upload(acme.token, big, 'a.png', language)).toEqual({ code: 4000, msg: size });
    // The project logo route answers the same way.
    const { payload, headers } = multipartFile(Buffer.from('nope'), 'a.png');
    const logo = await t.call({
      method: 'POST',
      url: '/api/file/project/logoUpload/0',
      headers: { ...headers, xaccesstoken: acme.token, language },
      payload,
    });
    expect(logo.body).toEqual({ code: 4000, msg: format });
  });

  it('names the pixel limit of a logo too large to scale, rather than calling it no image', async () => {
    // A tiny file whose header claims a 10,000 × 6,000 canvas (refused before anything decodes it).
    const huge = makePng(2, 2);
    huge.writeUInt32BE(10_000, 16);
    huge.writeUInt32BE(6_000, 20);
    const { payload, headers } = multipartFile(huge, 'huge.png');
    const res = await t.call({
      method: 'POST',
      url: '/api/file/project/logoUpload/0',
      headers: { ...headers, xaccesstoken: acme.token },
      payload,
    });
    expect(res.body).toEqual({ code: 4000, msg: 'Upload failed: the image may have at most 50 million pixels.' });
  });

  it('asks for a file when none is sent', async () => {
    const res = await t.call({
      method: 'POST',
      url: '/api/file/localUpload/5',
      headers: { xaccesstoken: acme.token, 'content-type': 'application/json' },
      payload: {},
    });
    expect(res.body).toEqual({ code: 4000, msg: 'Upload failed: choose a file to upload.' });
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
