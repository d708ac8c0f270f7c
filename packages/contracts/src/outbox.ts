// The outbox (architecture §4): every email, SMS and voice message the platform sent, for operators and billing.
import { z } from 'zod';
import { PageQuerySchema, pageOf } from './common.js';

export const OutboxChannelSchema = z.enum(['email', 'sms', 'voice']);
export const OutboxStateSchema = z.enum(['pending', 'sent', 'failed']);

export const OutboxQuerySchema = PageQuerySchema.extend({
  channel: OutboxChannelSchema.optional(),
  state: OutboxStateSchema.optional(),
})
  .strict()
  .meta({ id: 'OutboxQuery' });
export type OutboxQuery = z.infer<typeof OutboxQuerySchema>;

export const OutboxItemSchema = z
  .object({
    id: z.number().int(),
    enterpriseId: z.number().int().nullable(),
    channel: OutboxChannelSchema,
    recipient: z.string(),
    subject: z.string().nullable(),
    body: z
      .string()
      .nullable()
      .describe('the text sent; only the platform operator sees it (it may hold recovery codes)'),
    cost: z.string().describe('yuan, as a decimal string'),
    state: OutboxStateSchema,
    attempts: z.number().int(),
    lastError: z.string().nullable(),
    createdAt: z.string(),
    sentAt: z.string().nullable(),
  })
  .meta({ id: 'OutboxItem' });
export type OutboxItem = z.infer<typeof OutboxItemSchema>;

export const OutboxPageSchema = pageOf(OutboxItemSchema).meta({ id: 'OutboxPage' });
export type OutboxPage = z.infer<typeof OutboxPageSchema>;
