// Outgoing messages (DESIGN §4 outside services): every message is an outbox row first, then handed
// to its channel — SMTP through nodemailer when SMTP_URL is set, a sandbox otherwise.
import nodemailer from 'nodemailer';
import type { Clock } from '../clock.js';
import type { Db } from '../db/database.js';

/** SPEC §9: an SMS costs 0.065 yuan. Email is billed per 1,000 with a daily free tier, by the cost centre. */
export const SMS_PRICE = 0.065;

export type Message = { enterpriseId: number | null; to: string; subject: string; body: string };

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

export function createNotifier(deps: { db: Db; clock: Clock; email: Transport; sms: Transport }) {
  const { db, clock } = deps;

  async function send(
    channel: 'email' | 'sms',
    transport: Transport,
    message: Message,
    cost: number,
  ): Promise<boolean> {
    const { id } = await db
      .insertInto('outbox')
      .values({
        enterprise_id: message.enterpriseId,
        channel,
        recipient: message.to,
        subject: message.subject,
        body: message.body,
        cost,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    try {
      await transport.deliver(message);
      await db
        .updateTable('outbox')
        .set({ state: 'sent', attempts: 1, sent_at: clock.now() })
        .where('id', '=', id)
        .execute();
      return true;
    } catch (err) {
      const error = err instanceof Error ? err.message : String(err);
      await db
        .updateTable('outbox')
        .set({ state: 'failed', attempts: 1, last_error: error.slice(0, 500) })
        .where('id', '=', id)
        .execute();
      return false;
    }
  }

  return {
    /** Answers whether the message left; the outbox keeps it either way. */
    email: (message: Message) => send('email', deps.email, message, 0),
    sms: (message: Message) => send('sms', deps.sms, message, SMS_PRICE),
  };
}
