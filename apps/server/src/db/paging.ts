// Paging of every list (architecture §4 "Lists at scale"): {page, size, cursor?} in, {list, total,
// totalCapped, nextCursor} out. With the previous page's cursor a page is a pure keyset seek; a jump
// to page N without one skips to it along the id index (no row fetch), and with a PageIndex only
// within the one id range that holds it.
import { sql, type SelectQueryBuilder } from 'kysely';
import { TOTAL_CAP, type PageQuery } from '@svc/contracts';
import { AppError } from '../http/app-error.js';
import type { Db } from './database.js';

export type Page<T> = { list: T[]; total: number; totalCapped: boolean; nextCursor: string | null };

type Cursor = { id: number; page: number };

export function encodeCursor(c: Cursor): string {
  return Buffer.from(JSON.stringify(c)).toString('base64url');
}

export function decodeCursor(raw: string): Cursor {
  try {
    const c = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')) as Partial<Cursor>;
    if (Number.isSafeInteger(c.id) && Number.isSafeInteger(c.page) && c.page! >= 1) return c as Cursor;
  } catch {
    // not JSON: the parameter error below
  }
  throw AppError.param('cursor', 'validation.invalid');
}

// Kysely's builder types differ per table; the helper only adds where, order and limit to them.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyQuery = SelectQueryBuilder<any, any, any>;

/**
 * Counts kept beside the rows (a tally by id range) for one filtered set: its exact total, and for
 * a jump the id bound under which the wanted row lies with how many rows to skip below it.
 */
export type PageIndex = {
  locate(offset: number): Promise<{ total: number; at: { below: number; skip: number } | null }>;
};

/**
 * Pages a filtered query newest first by `idColumn` (an identity column: id order is insertion
 * order). `base` carries the filters and tenant scope and selects nothing; `select` adds the columns
 * to answer, which must include `id`.
 */
export async function pageNewestFirst<T extends { id: number }>(
  db: Db,
  base: AnyQuery,
  idColumn: string,
  q: PageQuery,
  select: (query: AnyQuery) => AnyQuery,
  index?: PageIndex,
): Promise<Page<T>> {
  const cursor = q.cursor ? decodeCursor(q.cursor) : null;
  // A cursor is good only for the page right after the one it came from.
  let below: number | null = cursor && cursor.page === q.page - 1 ? cursor.id : null;
  const jump = below === null && q.page > 1;
  const located = index?.locate((q.page - 1) * q.size);
  const counting = located ? located.then(({ total }) => ({ total, totalCapped: false })) : countCapped(db, base);

  // The count and the page run side by side; Promise.all owns both, so when both fail the second
  // failure is not left unhandled (which would stop the process).
  const pickPage = async (): Promise<{ list: T[]; nextCursor: string | null }> => {
    // A jump skips to its page in the same walk of the id index that picks the page's ids: with a
    // PageIndex the walk starts at the id range holding the page, so it skips at most one range.
    let skip = 0;
    if (jump && located) {
      const { at } = await located;
      if (!at) return { list: [], nextCursor: null };
      below = at.below;
      skip = at.skip;
    } else if (jump) skip = (q.page - 1) * q.size;
    // Deferred join: the filters alone pick the page's ids, so the planner cannot be lured into a
    // long ordered scan by the joins and subqueries of the answer; those then run for this page only.
    const ids = (
      (await (below === null ? base : base.where(idColumn, '<', below))
        .select(sql.ref(idColumn).as('id'))
        .orderBy(idColumn, 'desc')
        .offset(skip)
        .limit(q.size + 1)
        .execute()) as { id: number }[]
    ).map((r) => r.id);
    const rows =
      ids.length === 0
        ? []
        : ((await select(base.where(idColumn, 'in', ids))
            .orderBy(idColumn, 'desc')
            .execute()) as T[]);

    const more = rows.length > q.size;
    const list = more ? rows.slice(0, q.size) : rows;
    const last = list.at(-1);
    return { list, nextCursor: more && last ? encodeCursor({ id: last.id, page: q.page }) : null };
  };
  const [counts, page] = await Promise.all([counting, pickPage()]);
  return { ...page, ...counts };
}

/** Counts at most TOTAL_CAP + 1 rows: a huge set costs no more than that to count. */
async function countCapped(db: Db, base: AnyQuery): Promise<{ total: number; totalCapped: boolean }> {
  const capped = base
    .select(sql.lit(1).as('one'))
    .limit(TOTAL_CAP + 1)
    .as('capped');
  const row = await db
    .selectFrom(capped)
    .select(sql<string>`count(*)`.as('n'))
    .executeTakeFirstOrThrow();
  const n = Number(row.n);
  return n > TOTAL_CAP ? { total: TOTAL_CAP, totalCapped: true } : { total: n, totalCapped: false };
}
