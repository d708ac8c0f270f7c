// Password recovery (SPEC §2 /findback, §7 /api/reset/*): find the account, send a 6-digit code by
// email or SMS, verify it, set a new password. Codes live 10 minutes and allow 5 tries.
import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import {
  RESET_CODE_MAX_TRIES,
  RESET_CODE_TTL_MINUTES,
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
import { hashPassword, type PasswordCipher } from '../session/passwords.js';
import { sessionRepo, userRepo } from '../session/repo.js';
import { resetCodeRepo } from './repo.js';

/** Sending limits: one code a minute and five an hour per account; twenty an hour per address. */
export const SEND_LIMITS = { perAccountMinute: 1, perAccountHour: 5, perAddressHour: 20 } as const;

export type ResetDeps = {
  db: Db;
  clock: Clock;
  cipher: PasswordCipher;
  notifier: Notifier;
  sessionCache: SessionCache;
};

const codeHash = (userId: number, code: string) => createHash('sha256').update(`${userId}:${code}`).digest('hex');

export function maskEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 1)}***@${domain}`;
}
export function maskMobile(mobile: string): string {
  return mobile.length > 7 ? `${mobile.slice(0, 3)}****${mobile.slice(-4)}` : '****';
}

export function createResetService(deps: ResetDeps) {
  const { db, clock, cipher, notifier, sessionCache } = deps;

  async function activeUser(userName: string) {
    const user = await userRepo.findByLoginName(db, userName);
    if (!user || user.status !== 1 || user.enterprise_status !== 1) throw new AppError(404);
    return user;
  }

  /** Checks a code against the user's open code, spending one of its tries; answers the code's id. */
  async function checkCode(userId: number, code: string): Promise<number> {
    const open = await resetCodeRepo.open(db, userId, clock.now());
    if (!open || !(await resetCodeRepo.takeTry(db, open.id, RESET_CODE_MAX_TRIES))) {
      throw AppError.param('code', 'reset.codeWrong');
    }
    const ok = timingSafeEqual(Buffer.from(open.code_hash, 'hex'), Buffer.from(codeHash(userId, code), 'hex'));
    if (!ok) throw AppError.param('code', 'reset.codeWrong');
    return open.id;
  }

  return {
    async findAccount(userName: string) {
      const user = await activeUser(userName);
      const channels: { type: ResetChannel; masked: string }[] = [];
      if (user.email) channels.push({ type: 'email', masked: maskEmail(user.email) });
      if (user.mobile) channels.push({ type: 'mobile', masked: maskMobile(user.mobile) });
      return { userName: user.login_name, channels };
    },

    async sendCode(userName: string, type: ResetChannel, address: string | null, lang: Language) {
      const user = await activeUser(userName);
      const to = type === 'email' ? user.email : user.mobile;
      if (!to) throw AppError.param('type', 'reset.noChannel', { channel: type });
      const now = clock.now();
      const [lastMinute, lastHour, fromAddress] = await Promise.all([
        resetCodeRepo.countSince(db, { userId: user.id }, minutesAfter(now, -1)),
        resetCodeRepo.countSince(db, { userId: user.id }, minutesAfter(now, -60)),
        address ? resetCodeRepo.countSince(db, { address }, minutesAfter(now, -60)) : Promise.resolve(0),
      ]);
      if (
        lastMinute >= SEND_LIMITS.perAccountMinute ||
        lastHour >= SEND_LIMITS.perAccountHour ||
        fromAddress >= SEND_LIMITS.perAddressHour
      ) {
        throw new AppError(111);
      }
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
      };
      const sent = type === 'email' ? await notifier.email(message) : await notifier.sms(message);
      if (!sent) throw new AppError(4113);
      return {
        expiresInSeconds: RESET_CODE_TTL_MINUTES * 60,
        masked: type === 'email' ? maskEmail(to) : maskMobile(to),
      };
    },

    async verifyCode(userName: string, code: string): Promise<void> {
      const user = await activeUser(userName);
      await checkCode(user.id, code);
    },

    async resetPassword(userName: string, code: string, passwordCipher: string): Promise<void> {
      const user = await activeUser(userName);
      const password = cipher.decrypt('password', passwordCipher);
      const problem = passwordProblem(password);
      if (problem) throw AppError.param('password', problem);
      const codeId = await checkCode(user.id, code);
      const now = clock.now();
      await userRepo.setPassword(db, user.id, await hashPassword(password), now);
      await resetCodeRepo.markUsed(db, codeId, now);
      // Whoever held a session with the old password holds it no more.
      await sessionRepo.deleteForUser(db, user.id);
      sessionCache.evictUser(user.id);
    },
  };
}

export type ResetService = ReturnType<typeof createResetService>;
