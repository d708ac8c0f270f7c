// Who reads which outbox rows: the platform operator all of them with their text; an enterprise
// (its main account, or staff with the cost privilege) its own, without text (it may hold a recovery code).
import type { OutboxItem, OutboxQuery } from '@svc/contracts';
import type { Db } from '../../db/database.js';
import type { Page } from '../../db/paging.js';
import type { Principal } from '../../http/auth.js';
import { outboxRepo } from './repo.js';

export async function listOutbox(db: Db, caller: Principal, q: OutboxQuery): Promise<Page<OutboxItem>> {
  const page = await outboxRepo.page(db, { enterpriseId: caller.isSuperAdmin ? null : caller.enterpriseId }, q);
  return {
    ...page,
    list: page.list.map((r) => ({
      id: r.id,
      enterpriseId: r.enterprise_id,
      channel: r.channel,
      recipient: r.recipient,
      subject: r.subject,
      body: caller.isSuperAdmin ? r.body : null,
      cost: String(r.cost),
      state: r.state,
      attempts: r.attempts,
      lastError: r.last_error,
      createdAt: r.created_at.toISOString(),
      sentAt: r.sent_at?.toISOString() ?? null,
    })),
  };
}
