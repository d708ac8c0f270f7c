// Staff import from .csv and .xlsx files, with a per-row report of what was refused and why.
import writeXlsxFile from 'write-excel-file/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, ADMIN, type TestApp } from '../helper.js';
import { apiEnterprise, countRows } from '../factories.js';
import { parseCsv } from '../../src/modules/employee/import.js';

let t: TestApp;
let boss: Awaited<ReturnType<typeof apiEnterprise>>;

function multipart(file: Buffer, filename: string) {
  const boundary = '----sweepboundary42';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
async function upload(file: Buffer, filename: string, language = 'en-US') {
  const { payload, headers } = multipart(file, filename);
  const res = await t.call({
    method: 'POST',
    url: '/api/employee/import',
    headers: { ...headers, xaccesstoken: boss.token, language },
    payload,
  });
  return res.body as {
    code: number;
    msg: string;
    data?: { added: number; refused: { row: number; loginName: string | null; reason: string }[] };
  };
}

beforeAll(async () => {
  t = await createTestApp();
  const admin = await t.login(ADMIN.loginName, ADMIN.password);
  boss = await apiEnterprise(t, admin, 'Importers');
  for (const roleName of ['Guard', 'Operator']) {
    await t.call({
      method: 'POST',
      url: '/api/role/add',
      headers: { xaccesstoken: boss.token },
      payload: { roleName, privilegeKeys: ['preview'] },
    });
  }
});
afterAll(() => t.close());

describe('staff import', () => {
  it('adds the good rows of a CSV file and reports each refused row with its reason', async () => {
    const csv = [
      'loginName,name,password,roles,mobile,email,department',
      'guardone,Zhang San,Guard@pass1,Guard,13800138000,zhang@example.com,Gate',
      'guardtwo,"Li Si",Guard@pass1,"Guard;Operator",,,Gate',
      '9bad,Bad Name,Guard@pass1,Guard,,,',
      'guardthree,Wang Wu,weak,Guard,,,',
      'guardfour,Zhao Liu,Guard@pass1,Pilot,,,',
      'guardone,Dup,Guard@pass1,Guard,,,',
      'guardfive,Sun Qi,Guard@pass1,Guard,12345,,',
    ].join('\r\n');
    const res = await upload(Buffer.from(`\uFEFF${csv}`), 'staff.csv');
    expect(res.code).toBe(1);
    expect(res.data!.added).toBe(2);
    expect(res.data!.refused).toEqual([
      { row: 4, loginName: '9bad', reason: expect.stringContaining('loginName') },
      { row: 5, loginName: 'guardthree', reason: expect.stringContaining('password') },
      { row: 6, loginName: 'guardfour', reason: 'Unknown role: Pilot' },
      { row: 7, loginName: 'guardone', reason: 'The login name appears twice in the file.' },
      { row: 8, loginName: 'guardfive', reason: expect.stringContaining('mobile') },
    ]);
    const page = (
      await t.call({
        method: 'POST',
        url: '/api/employee/query',
        headers: { xaccesstoken: boss.token },
        payload: { page: 1, size: 10, department: 'Gate' },
      })
    ).body.data as { list: { name: string; roles: { roleName: string }[] }[] };
    expect(page.list.map((e) => e.name).sort()).toEqual(['Li Si', 'Zhang San']);
    expect(page.list.find((e) => e.name === 'Li Si')!.roles.map((r) => r.roleName)).toEqual(['Guard', 'Operator']);
    await t.login('guardone', 'Guard@pass1', 'sub');
  });

  it('reads an .xlsx file with Chinese headers and reports in the caller’s language', async () => {
    const xlsx = await writeXlsxFile([
      ['登录名', '姓名', '密码', '角色'],
      ['xlsxone', '陈一', 'Guard@pass1', 'Guard'],
      ['guardone', '重复', 'Guard@pass1', 'Guard'],
    ]).toBuffer();
    const res = await upload(xlsx, 'staff.xlsx', 'zh-CN');
    expect(res.data!.added).toBe(1);
    expect(res.data!.refused).toEqual([{ row: 3, loginName: 'guardone', reason: '该登录名已被使用' }]);
  });

  it.each([
    [
      'an image',
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]),
      'Upload a .xlsx or .csv file.',
    ],
    [
      'a header without the required columns',
      Buffer.from('name,email\nA,a@b.c\n'),
      'loginName, name, password and roles',
    ],
    ['only a header', Buffer.from('loginName,name,password,roles\n'), 'no rows'],
    [
      'a broken spreadsheet',
      Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(100, 7)]),
      'Upload a .xlsx or .csv file.',
    ],
  ])('refuses %s with 4000, adding nobody', async (_title, file, text) => {
    const before = await countRows(t.db, 'user');
    const res = await upload(file, 'file.bin');
    expect(res.code).toBe(4000);
    expect(res.msg).toContain(text);
    expect(await countRows(t.db, 'user')).toBe(before);
  });

  it('refuses more than 1,000 rows and a file over 2 MB', async () => {
    const rows = [
      'loginName,name,password,roles',
      ...Array.from({ length: 1001 }, (_, i) => `bulk${i},Bulk,Guard@pass1,Guard`),
    ];
    expect((await upload(Buffer.from(rows.join('\n')), 'big.csv')).msg).toContain('At most 1000 rows');
    const huge = await upload(Buffer.alloc(2 * 1024 * 1024 + 10, 0x61), 'huge.csv');
    expect(huge.code).toBe(4000);
    expect(huge.msg).toContain('larger than 2 MB');
  });

  it('answers 4000 without a file', async () => {
    const res = await t.call({
      method: 'POST',
      url: '/api/employee/import',
      headers: { xaccesstoken: boss.token },
      payload: {},
    });
    expect(res.body.code).toBe(4000);
  });
});

describe('parseCsv', () => {
  it('reads quotes, doubled quotes, commas and newlines inside quotes, and CRLF', () => {
    expect(parseCsv('a,"b, c","say ""hi"""\r\n"multi\nline",x,\r\n\r\n')).toEqual([
      ['a', 'b, c', 'say "hi"'],
      ['multi\nline', 'x', ''],
    ]);
  });
});
