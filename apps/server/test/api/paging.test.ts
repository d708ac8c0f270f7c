// Paging as every list answers it, on the outbox list: keyset seeks, page jumps, capped totals.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helper.js';
import type { OutboxPage } from '@svc/contracts';
import { addOutboxRows, createEnterprise, seedOutbox } from '../factories.js';
import { pageNewestFirst } from '../../src/db/paging.js';

let t: TestApp;
let outbox: Awaited<ReturnType<typeof seedOutbox>>;

beforeAll(async () => {
  t = await createTestApp();
  outbox = await seedOutbox(t);
});
afterAll(() => t.close());

describe('paging', () => {
  it('walks every row once, newest first, by following cursors', async () => {
    const seen: number[] = [];
    let cursor: string | null = null;
    for (let p = 1; p <= 3; p++) {
      const d: OutboxPage = await outbox.list(outbox.admin, { page: p, size: 100, ...(cursor ? { cursor } : {}) });
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
    const p1 = await outbox.list(outbox.admin, { page: 1, size: 20 });
    const p2 = await outbox.list(outbox.admin, { page: 2, size: 20, cursor: p1.nextCursor });
    const jumped = await outbox.list(outbox.admin, { page: 2, size: 20 });
    expect(jumped.list.map((i) => i.id)).toEqual(p2.list.map((i) => i.id));
    // A cursor from another page is not trusted to seek: the page is found by its number.
    const stale = await outbox.list(outbox.admin, { page: 5, size: 20, cursor: p1.nextCursor });
    const direct = await outbox.list(outbox.admin, { page: 5, size: 20 });
    expect(stale.list.map((i) => i.id)).toEqual(direct.list.map((i) => i.id));
  });

  it('answers an empty list past the end', async () => {
    const d = await outbox.list(outbox.admin, { page: 99, size: 100 });
    expect(d).toMatchObject({ list: [], total: 280, nextCursor: null });
  });

  it('caps the total of a huge set at 10,000', async () => {
    const big = await createEnterprise(t.db, 'Big');
    await addOutboxRows(t.db, big.id, 10_050, '13700000003');
    const d = await outbox.list(outbox.admin, { page: 1, size: 10 });
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
    const res = await outbox.page(outbox.admin, body);
    expect(res.body.code).toBe(4000);
    expect(res.body.msg).toContain(field);
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
