// Outgoing messages (architecture §4 outside services): every message is an outbox row first, then handed
// to its channel — SMTP through nodemailer when SMTP_URL is set, a sandbox otherwise.
import nodemailer from 'nodemailer';
import type { Clock } from '../clock.js';
import type { Db } from '../db/database.js';
import { outboxDeliveryRepo } from './outbox-repo.js';

/** SPEC §9: an SMS costs 0.065 yuan; email 2.00 yuan per 1,000 after the first 100 of a day. */
export const SMS_PRICE = 0.065;
export const EMAIL_PRICE = 2 / 1000;
export const EMAIL_FREE_PER_DAY = 100;
/** A failed message is tried again this many times in all, waiting 30 s, 60 s, 120 s … between. */
export const MAX_ATTEMPTS = 5;
const RETRY_BASE_MS = 30_000;

export type Message = {
  enterpriseId: number | null;
  to: string;
  subject: string;
  body: string;
  /**
   * A credential the body carries (a recovery code): delivered, but kept in the outbox masked, so no
   * operator reading the outbox and no database dump sees it. Such a message is not retried from the
   * outbox (its text is not there); the person asks for a new code instead.
   */
  secret?: string;
};

export const SECRET_MASK = '••••••';

/** A channel that delivers one message or throws. */
export type Transport = { name: string; deliver(message: Message): Promise<void> };

export function smtpTransport(url: string, from: string): Transport {
  const transporter = nodemailer.createTransport(url);
  return {
    name: 'smtp',
    async deliver(m) {
      await transporter.sendMail({ from, to: m.to, subject: m.subject, text: m.body });
    },
  };
}

/** Delivers nowhere: the outbox row is the record an operator reads (development, demos, SMS until a provider is set). */
export const sandboxTransport: Transport = { name: 'sandbox', deliver: () => Promise.resolve() };

export type Notifier = ReturnType<typeof createNotifier>;

export function createNotifier(deps: { db: Db; clock: Clock; email: Transport; sms: Transport; voice?: Transport }) {
  const { db, clock } = deps;
  const transports = new Map<'email' | 'sms' | 'voice', Transport>([
    ['email', deps.email],
    ['sms', deps.sms],
    ['voice', deps.voice ?? sandboxTransport],
  ]);

  /** The enterprise's email of today beyond the free 100 costs its per-message share. */
  async function emailCost(enterpriseId: number | null): Promise<number> {
    if (enterpriseId === null) return 0;
    const now = clock.now();
    const day = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
    return (await outboxDeliveryRepo.emailsSince(db, enterpriseId, day)) >= EMAIL_FREE_PER_DAY ? EMAIL_PRICE : 0;
  }

  async function attempt(
    id: number,
    transport: Transport,
    message: Message,
    attempts: number,
    retryable = true,
  ): Promise<boolean> {
    try {
      await transport.deliver(message);
      await outboxDeliveryRepo.markSent(db, id, attempts, clock.now());
      return true;
    } catch (err) {
      const error = err instanceof Error ? err.message : String(err);
      const next =
        retryable && attempts < MAX_ATTEMPTS
          ? new Date(clock.now().getTime() + RETRY_BASE_MS * 2 ** (attempts - 1))
          : null;
      await outboxDeliveryRepo.markFailed(db, id, attempts, error.slice(0, 500), next);
      return false;
    }
  }

  async function send(
    channel: 'email' | 'sms' | 'voice',
    transport: Transport,
    message: Message,
    cost: number,
  ): Promise<boolean> {
    const id = await outboxDeliveryRepo.insert(db, {
      enterprise_id: message.enterpriseId,
      channel,
      recipient: message.to,
      subject: message.subject,
      body: message.secret ? message.body.replaceAll(message.secret, SECRET_MASK) : message.body,
      cost,
    });
    return attempt(id, transport, message, 1, message.secret === undefined);
  }

  return {
    /** Answers whether the message left; the outbox keeps it either way. */
    email: async (message: Message) => send('email', deps.email, message, await emailCost(message.enterpriseId)),
    sms: (message: Message) => send('sms', deps.sms, message, SMS_PRICE),
    // SPEC §9 prices SMS and email only; a voice call's price is the provider's, billed by the cost centre.
    voice: (message: Message) => send('voice', transports.get('voice')!, message, 0),

    /** Tries failed messages whose wait is over again (a timer calls this; answers how many left). */
    async retryDue(): Promise<number> {
      const due = await outboxDeliveryRepo.due(db, clock.now(), 100);
      let sent = 0;
      for (const r of due) {
        const message = { enterpriseId: r.enterprise_id, to: r.recipient, subject: r.subject ?? '', body: r.body };
        if (await attempt(r.id, transports.get(r.channel)!, message, r.attempts + 1)) sent++;
      }
      return sent;
    },
  };
}
