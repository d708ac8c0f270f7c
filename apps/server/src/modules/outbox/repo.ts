// SQL of the outbox list, scoped to the caller's enterprise unless the caller runs the platform.
import type { OutboxQuery } from '@svc/contracts';
import type { Db } from '../../db/database.js';
import { pageNewestFirst } from '../../db/paging.js';

export type OutboxScope = { enterpriseId: number | null };

export const outboxRepo = {
  page(db: Db, scope: OutboxScope, q: OutboxQuery) {
    const base = db
      .selectFrom('outbox')
      .$if(scope.enterpriseId !== null, (b) => b.where('enterprise_id', '=', scope.enterpriseId!))
      .$if(q.channel !== undefined, (b) => b.where('channel', '=', q.channel!))
      .$if(q.state !== undefined, (b) => b.where('state', '=', q.state!));
    return pageNewestFirst<{
      id: number;
      enterprise_id: number | null;
      channel: 'email' | 'sms' | 'voice';
      recipient: string;
      subject: string | null;
      body: string;
      cost: string;
      state: 'pending' | 'sent' | 'failed';
      attempts: number;
      last_error: string | null;
      created_at: Date;
      sent_at: Date | null;
    }>(db, base, 'outbox.id', q, (b) =>
      b.select([
        'id',
        'enterprise_id',
        'channel',
        'recipient',
        'subject',
        'body',
        'cost',
        'state',
        'attempts',
        'last_error',
        'created_at',
        'sent_at',
      ]),
    );
  },
};
