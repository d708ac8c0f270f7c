// Paging as every list answers it, on the outbox list: keyset seeks, page jumps, capped totals, tenancy.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, ADMIN, type TestApp } from '../helper.js';
import { createEnterprise, createUser } from '../factories.js';
import { pageNewestFirst } from '../../src/db/paging.js';

let t: TestApp;
let admin: string;
let mainA: string;
let subA: string;
let enterpriseA: number;
let enterpriseB: number;

async function addOutboxRows(enterpriseId: number, n: number, recipient: string) {
  await sql`insert into outbox (enterprise_id, channel, recipient, subject, body, cost, state)
            select ${enterpriseId}, 'sms', ${recipient}, 'subject', 'code ' || g, 0.065, 'sent' from generate_series(1, ${n}) g`.execute(
    t.db,
  );
}

type Item = { id: number; enterpriseId: number; body: string | null; recipient: string };
type PageAnswer = { list: Item[]; total: number; totalCapped: boolean; nextCursor: string | null };

const page = async (token: string, body: Record<string, unknown>) => {
  const res = await t.call({
    method: 'POST',
    url: '/api/outbox/page/query',
    headers: { xaccesstoken: token },
    payload: body,
  });
  return res;
};
const data = async (token: string, body: Record<string, unknown>) => (await page(token, body)).body.data as PageAnswer;

beforeAll(async () => {
  t = await createTestApp();
  enterpriseA = (await createEnterprise(t.db, 'Alpha')).id;
  enterpriseB = (await createEnterprise(t.db, 'Beta')).id;
  await addOutboxRows(enterpriseA, 250, '13800000001');
  await addOutboxRows(enterpriseB, 30, '13900000002');
  // An enterprise's main account is its cloud account (SPEC §1, §6).
  const a = await createUser(t.db, { enterprise_id: enterpriseA, is_cloud_account: true });
  const s = await createUser(t.db, { enterprise_id: enterpriseA, login_mode: 'sub' });
  admin = await t.login(ADMIN.loginName, ADMIN.password);
  mainA = await t.login(a.login_name, 'Passw0rd!');
  subA = await t.login(s.login_name, 'Passw0rd!', 'sub');
});
afterAll(() => t.close());

describe('paging', () => {
  it('walks every row once, newest first, by following cursors', async () => {
    const seen: number[] = [];
    let cursor: string | null = null;
    for (let p = 1; p <= 3; p++) {
      const d: PageAnswer = await data(admin, { page: p, size: 100, ...(cursor ? { cursor } : {}) });
      expect(d.total).toBe(280);
      expect(d.totalCapped).toBe(false);
      seen.push(...d.list.map((i) => i.id));
      cursor = d.nextCursor;
    }
    expect(seen).toHaveLength(280);
    expect(new Set(seen).size).toBe(280);
    expect(seen).toEqual([...seen].sort((x, y) => y - x));
    expect(cursor).toBeNull();
  });

  it('answers a jump to a page without a cursor with the same rows as the walk', async () => {
    const p1 = await data(admin, { page: 1, size: 20 });
    const p2 = await data(admin, { page: 2, size: 20, cursor: p1.nextCursor });
    const jumped = await data(admin, { page: 2, size: 20 });
    expect(jumped.list.map((i) => i.id)).toEqual(p2.list.map((i) => i.id));
    // A cursor from another page is not trusted to seek: the page is found by its number.
    const stale = await data(admin, { page: 5, size: 20, cursor: p1.nextCursor });
    const direct = await data(admin, { page: 5, size: 20 });
    expect(stale.list.map((i) => i.id)).toEqual(direct.list.map((i) => i.id));
  });

  it('answers an empty list past the end', async () => {
    const d = await data(admin, { page: 99, size: 100 });
    expect(d).toMatchObject({ list: [], total: 280, nextCursor: null });
  });

  it('caps the total of a huge set at 10,000', async () => {
    const big = await createEnterprise(t.db, 'Big');
    await addOutboxRows(big.id, 10_050, '13700000003');
    const d = await data(admin, { page: 1, size: 10 });
    expect(d).toMatchObject({ total: 10_000, totalCapped: true });
    await sql`delete from outbox where enterprise_id = ${big.id}`.execute(t.db);
  });

  it.each([
    [{ page: 0, size: 10 }, 'page'],
    [{ page: 1, size: 101 }, 'size'],
    [{ page: 1, size: 0 }, 'size'],
    [{ page: 'one', size: 10 }, 'page'],
    [{ page: 1, size: 10, cursor: 'not-a-cursor' }, 'cursor'],
    [{ page: 1, size: 10, sort: 'id' }, 'sort'],
  ])('answers 4000 for %j', async (body, field) => {
    const res = await page(admin, body);
    expect(res.body.code).toBe(4000);
    expect(res.body.msg).toContain(field);
  });
});

describe('outbox tenancy', () => {
  it('shows an enterprise only its own rows, without their text', async () => {
    const d = await data(mainA, { page: 1, size: 100 });
    expect(d.total).toBe(250);
    expect(d.list.every((i) => i.enterpriseId === enterpriseA && i.body === null)).toBe(true);
    const all = await data(admin, { page: 1, size: 100 });
    expect(all.list.some((i) => i.body?.startsWith('code '))).toBe(true);
    expect(enterpriseB).toBeGreaterThan(0);
  });

  it('refuses a sub-account with 4117', async () => {
    const res = await page(subA, { page: 1, size: 10 });
    expect(res).toMatchObject({ status: 403, body: { code: 4117 } });
  });

  it('filters by channel and state', async () => {
    const d = await data(admin, { page: 1, size: 10, channel: 'email' });
    expect(d.total).toBe(0);
    expect((await data(admin, { page: 1, size: 10, state: 'sent' })).total).toBe(280);
  });
});

describe('a page whose queries fail', () => {
  it('fails the call once and leaves no rejection unhandled (which would stop the process)', async () => {
    const unhandled: unknown[] = [];
    const listen = (reason: unknown) => void unhandled.push(reason);
    process.on('unhandledRejection', listen);
    try {
      // Both the count and the page's ids fail, as both do when the database is unreachable.
      const broken = t.db.selectFrom(sql`no_such_table`.as('x') as never);
      await expect(
        pageNewestFirst(t.db, broken, 'x.id', { page: 1, size: 10 }, (q) => q.select('x.id')),
      ).rejects.toThrow();
      await new Promise((resolve) => setTimeout(resolve, 50));
    } finally {
      process.off('unhandledRejection', listen);
    }
    expect(unhandled).toEqual([]);
  });
});
