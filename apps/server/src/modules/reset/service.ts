// Password recovery (SPEC §2 /findback, §7 /api/reset/*): name the account, have a 6-digit code sent
// by email or SMS, verify it, set a new password. Codes live 10 minutes and allow 5 tries.
//
// No answer tells whether a name is an account: findAccount answers the same for every
// name; sendCode answers "sent" alike and does the account's part (look-up, code, mail) after
// answering; verifyCode and resetPw spend a try in one statement whatever the name. Sending and
// checking are limited per name as typed and per address, counted in the database so that every
// process of a deployment shares the count, and unknown names are counted like real ones.
import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import {
  RESET_CODE_MAX_TRIES,
  RESET_CODE_TTL_MINUTES,
  RESET_CHANNELS,
  passwordProblem,
  translate,
  type Language,
  type ResetChannel,
} from '@svc/contracts';
import { minutesAfter, type Clock } from '../../clock.js';
import type { Db } from '../../db/database.js';
import { AppError } from '../../http/app-error.js';
import type { Notifier } from '../../notify/notifier.js';
import type { SessionCache } from '../session/cache.js';
import { signInKey } from '../session/lockout.js';
import { hashPassword, type PasswordCipher } from '../session/passwords.js';
import { sessionRepo, userRepo } from '../session/repo.js';
import { resetAttemptRepo, resetCodeRepo, type AttemptUsage } from './repo.js';

/**
 * Attempts allowed before 111: codes sent, one a minute and five an hour per name, twenty an hour per
 * address; codes checked (verifyCode and resetPw), ten an hour and twenty a day per name — so a
 * 6-digit code has at most a 1-in-50,000 chance a day, from however many addresses — and thirty an
 * hour per address.
 */
export const RESET_LIMITS: Record<'send' | 'check', AttemptUsage> = {
  send: { nameMinute: 1, nameHour: 5, nameDay: Infinity, addressHour: 20 },
  check: { nameMinute: Infinity, nameHour: 10, nameDay: 20, addressHour: 30 },
};

export type ResetDeps = {
  db: Db;
  clock: Clock;
  cipher: PasswordCipher;
  notifier: Notifier;
  sessionCache: SessionCache;
  log: FastifyBaseLogger;
};

const codeHash = (userId: number, code: string) => createHash('sha256').update(`${userId}:${code}`).digest('hex');
/** What a check of an unknown name compares against, so it costs what a real comparison does. */
const NO_CODE = codeHash(0, '');

export function createResetService(deps: ResetDeps) {
  const { db, clock, cipher, notifier, sessionCache, log } = deps;
  const inFlight = new Set<Promise<void>>();

  /** Counts an attempt against the limits, or answers 111 without counting it. */
  async function allow(kind: 'send' | 'check', name: string, address: string | null): Promise<void> {
    const now = clock.now();
    const from = address ?? '';
    const used = await resetAttemptRepo.usage(db, kind, name, from, now);
    const limit = RESET_LIMITS[kind];
    if (
      used.nameMinute >= limit.nameMinute ||
      used.nameHour >= limit.nameHour ||
      used.nameDay >= limit.nameDay ||
      used.addressHour >= limit.addressHour
    ) {
      throw new AppError(111);
    }
    await resetAttemptRepo.record(db, kind, name, from, now);
  }

  /** Spends a try of the name's open code; answers the code's id and user, or 4000 "wrong or expired". */
  async function checkCode(name: string, code: string): Promise<{ id: number; user_id: number }> {
    const open = await resetCodeRepo.takeTry(db, name, clock.now(), RESET_CODE_MAX_TRIES);
    const given = Buffer.from(codeHash(open?.user_id ?? 0, code), 'hex');
    const matches = timingSafeEqual(Buffer.from(open?.code_hash ?? NO_CODE, 'hex'), given);
    if (!open || !matches) throw AppError.param('code', 'reset.codeWrong');
    return open;
  }

  /** The account's part of sendCode, done after answering: a name without an account or channel gets nothing. */
  async function sendTo(name: string, type: ResetChannel, address: string | null, lang: Language, now: Date) {
    const user = await userRepo.findByLoginName(db, name);
    if (!user || user.status !== 1 || user.enterprise_status !== 1) return;
    const to = type === 'email' ? user.email : user.mobile;
    if (!to) return;
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    await resetCodeRepo.replace(db, {
      userId: user.id,
      channel: type,
      codeHash: codeHash(user.id, code),
      expiresAt: minutesAfter(now, RESET_CODE_TTL_MINUTES),
      address,
      now,
    });
    const message = {
      enterpriseId: user.enterprise_id,
      to,
      subject: translate(lang, 'reset.mail.subject'),
      body: translate(lang, 'reset.mail.body', { code, minutes: RESET_CODE_TTL_MINUTES }),
      // The outbox keeps it masked; a message that fails to leave is not retried (ask for a new code).
      secret: code,
    };
    const sent = type === 'email' ? await notifier.email(message) : await notifier.sms(message);
    if (!sent) log.warn({ channel: type }, 'recovery code not delivered; the person may ask for a new one');
  }

  return {
    findAccount(userName: string) {
      return { userName: userName.trim(), channels: RESET_CHANNELS.map((type) => ({ type })) };
    },

    async sendCode(userName: string, type: ResetChannel, address: string | null, lang: Language) {
      const name = signInKey(userName);
      await allow('send', name, address);
      const now = clock.now();
      // Started once the answer is out: with the embedded database its queries run on this thread and
      // would otherwise delay the answer for real names only.
      const work = new Promise<void>((resolve) => setImmediate(resolve))
        .then(() => sendTo(name, type, address, lang, now))
        .catch((err: unknown) => log.error({ err }, 'recovery code'))
        .finally(() => inFlight.delete(work));
      inFlight.add(work);
      return { expiresInSeconds: RESET_CODE_TTL_MINUTES * 60 };
    },

    async verifyCode(userName: string, code: string, address: string | null): Promise<void> {
      const name = signInKey(userName);
      await allow('check', name, address);
      await checkCode(name, code);
    },

    async resetPassword(userName: string, code: string, passwordCipher: string, address: string | null) {
      const password = cipher.decrypt('password', passwordCipher);
      const problem = passwordProblem(password);
      if (problem) throw AppError.param('password', problem);
      const name = signInKey(userName);
      await allow('check', name, address);
      const open = await checkCode(name, code);
      const now = clock.now();
      await userRepo.setPassword(db, open.user_id, await hashPassword(password), now);
      await resetCodeRepo.markUsed(db, open.id, now);
      // Whoever held a session with the old password holds it no more.
      await sessionRepo.deleteForUser(db, open.user_id);
      sessionCache.evictUser(open.user_id);
    },

    /** Waits for codes still being sent (the app's close). */
    async settle(): Promise<void> {
      await Promise.all([...inFlight]);
    },
  };
}

export type ResetService = ReturnType<typeof createResetService>;
