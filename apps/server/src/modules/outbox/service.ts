// Who reads which outbox rows: the platform operator all of them with their text; an enterprise's
// main account its own, without text (it may hold a staff member's recovery code).
import type { OutboxItem, OutboxQuery } from '@svc/contracts';
import type { Db } from '../../db/database.js';
import type { Page } from '../../db/paging.js';
import { AppError } from '../../http/app-error.js';
import type { Principal } from '../../http/auth.js';
import { outboxRepo } from './repo.js';

export async function listOutbox(db: Db, caller: Principal, q: OutboxQuery): Promise<Page<OutboxItem>> {
  // Staff privileges arrive with the organisation issue; until then only main accounts read it.
  if (!caller.isSuperAdmin && caller.loginMode !== 'main') throw new AppError(4117);
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
