// Shapes every domain shares: the answer envelope, paging, ids.
import { z } from 'zod';

/** Every answer under /api and /rsa: `code` 1 is success (SPEC §7, §8). */
export function envelope<T extends z.ZodType>(data: T) {
  return z.object({ code: z.number().int(), msg: z.string(), data });
}
export const ErrorEnvelopeSchema = z
  .object({ code: z.number().int(), msg: z.string(), data: z.unknown().optional() })
  .meta({ id: 'ErrorEnvelope' });
export type ErrorEnvelope = z.infer<typeof ErrorEnvelopeSchema>;

export const PAGE_SIZE_MAX = 100;
/** Totals past this are answered as the cap with `totalCapped` (architecture §4, lists at scale). */
export const TOTAL_CAP = 10_000;

export const PageQuerySchema = z.object({
  page: z.number().int().min(1).default(1).describe('page number, from 1'),
  size: z.number().int().min(1).max(PAGE_SIZE_MAX).default(20).describe(`rows a page, at most ${PAGE_SIZE_MAX}`),
  cursor: z
    .string()
    .max(200)
    .optional()
    .describe('the nextCursor of the previous page: deep pages seek by key instead of skipping rows'),
});
export type PageQuery = z.infer<typeof PageQuerySchema>;

export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({
    list: z.array(item),
    total: z.number().int(),
    totalCapped: z.boolean().describe(`true when total stopped counting at ${TOTAL_CAP}`),
    nextCursor: z.string().nullable(),
  });
}

export const IdSchema = z.number().int().positive();
export const EmptySchema = z.null();
