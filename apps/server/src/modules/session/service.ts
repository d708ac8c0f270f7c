// Sign-in, the session answer, sign-out, password change and the captcha (SPEC §4 Session, §7 Auth).
import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import svgCaptcha from 'svg-captcha';
import {
  PRIVILEGE_CATALOGUE,
  passwordProblem,
  privilegeItemsOf,
  type Branding,
  type CaptchaMode,
  type LoginRsa,
  type Language,
  type Session,
  translate,
} from '@svc/contracts';
import type { Clock } from '../../clock.js';
import { minutesAfter } from '../../clock.js';
import type { Db } from '../../db/database.js';
import { AppError } from '../../http/app-error.js';
import { bypassesChecks, holds, type Principal } from '../../http/auth.js';
import { enterpriseNameFor } from '../enterprise/platform-name.js';
import { hashPassword, verifyNothing, verifyPassword, type PasswordCipher } from './passwords.js';
import type { SessionCache } from './cache.js';
import { createLockout, signInKey } from './lockout.js';
import { captchaRepo, sessionRepo, userRepo } from './repo.js';

export const SESSION_DAYS = 3;
const CAPTCHA_MINUTES = 5;

export type SessionDeps = {
  db: Db;
  clock: Clock;
  cipher: PasswordCipher;
  cache: SessionCache;
  captchaMode: CaptchaMode;
  title: string | undefined;
  /** Who sees the AI service and vehicle GPS groups (config AI_LOGIN_NAMES). */
  aiLoginNames?: string[] | '*';
  /** Draws a captcha; tests inject one whose answer they know. */
  drawCaptcha?: () => { text: string; svg: string };
};

const drawSvgCaptcha = () => {
  const { text, data } = svgCaptcha.create({
    size: 4,
    noise: 2,
    ignoreChars: '0oO1ilI',
    color: true,
    background: '#f3f6fb',
  });
  return { text, svg: data };
};

export type CallerContext = { address: string | null; userAgent: string | null };

export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');
const hashAnswer = (answer: string): string => createHash('sha256').update(answer.trim().toLowerCase()).digest('hex');

export function createSessionService(deps: SessionDeps) {
  const { db, clock, cipher, cache } = deps;

  const lockout = createLockout({ db, clock, captchaMode: deps.captchaMode });

  async function checkCaptcha(key: string | undefined, answer: string | undefined): Promise<boolean> {
    if (!key || !answer) return false;
    const expected = await captchaRepo.take(db, key, clock.now());
    if (!expected) return false;
    return timingSafeEqual(Buffer.from(expected, 'hex'), Buffer.from(hashAnswer(answer), 'hex'));
  }

  return {
    publicKey: () => ({ publicKey: cipher.publicPem, algorithm: 'RSA-OAEP-256' as const }),

    branding: (lang: Language): Branding => ({
      title: deps.title ?? translate(lang, 'brand.title'),
      logoUrl: null,
      backgroundUrl: null,
      loginCaptcha: deps.captchaMode,
    }),

    async login(input: LoginRsa, caller: CallerContext): Promise<{ token: string; expiresAt: string }> {
      // Every step below runs alike for an unknown name: the same answers, and an argon2 check as long.
      const attempt = { name: signInKey(input.loginName), address: caller.address ?? '' };
      const before = await lockout.before(attempt);
      if (before.locked) throw new AppError(14022);
      const solved = await checkCaptcha(input.verificationKey, input.verificationCode);
      if (before.captchaRequired && !solved) throw new AppError(1002, { data: { captchaRequired: true } });
      const password = cipher.decrypt('password', input.password);
      const user = await userRepo.findByLoginName(db, input.loginName);
      const right =
        user && user.login_mode === input.loginMode
          ? await verifyPassword(user.password_hash, password)
          : await verifyNothing(password);
      if (!user || !right) {
        const after = await lockout.fail(attempt, solved);
        if (after.locked) throw new AppError(14022);
        throw new AppError(14020, { data: { captchaRequired: after.captchaRequired } });
      }
      if (user.status !== 1 || user.enterprise_status !== 1) throw new AppError(14004);
      if (before.pairFailures > 0) await lockout.succeeded(attempt);

      const now = clock.now();
      const token = randomBytes(32).toString('base64url');
      const expiresAt = new Date(now.getTime() + SESSION_DAYS * 86_400_000);
      await sessionRepo.create(db, {
        tokenHash: hashToken(token),
        userId: user.id,
        enterpriseId: user.enterprise_id,
        expiresAt,
        address: caller.address,
        userAgent: caller.userAgent?.slice(0, 256) ?? null,
      });
      return { token, expiresAt: expiresAt.toISOString() };
    },

    async resolve(token: string): Promise<Principal | null> {
      const tokenHash = hashToken(token);
      const cached = cache.get(tokenHash);
      if (cached) return cached;
      const found = await sessionRepo.findSnapshot(db, tokenHash, clock.now());
      if (!found) return null;
      cache.set(tokenHash, found.snapshot, found.expiresAt);
      return found.snapshot;
    },

    /**
     * Of these sessions, those that still count, each as it is now (its user's current roles):
     * what outlives a request (an open live stream) checks its sessions again with this. Straight
     * from the database, never the cache, so a change made by another process counts too.
     */
    async current(sessionIds: readonly number[]): Promise<Map<number, Principal>> {
      return sessionRepo.findSnapshotsById(db, sessionIds, clock.now());
    },

    /** Alarm notices reach the user in the language and on the clock of the console they last opened. */
    rememberLocale(principal: Principal, language: Language, timeZone: string): Promise<void> {
      return userRepo.setLocale(db, principal.userId, language, timeZone);
    },

    session(principal: Principal, language: Language): Session {
      // Super administrators and cloud-account users see everything (SPEC §6); staff what their roles grant.
      const privilegeList = bypassesChecks(principal)
        ? [...PRIVILEGE_CATALOGUE]
        : privilegeItemsOf([...principal.privilegeKeys].filter((k) => holds(principal, k)));
      return {
        loginName: principal.loginName,
        name: principal.name,
        isSuperMan: principal.isSuperAdmin,
        isCloudAccount: principal.isCloudAccount,
        showAiServices:
          deps.aiLoginNames === '*' || (deps.aiLoginNames ?? []).includes(principal.loginName.toLowerCase()),
        roles: principal.roles,
        userPrivilegeKeys: privilegeList.map((p) => p.key),
        privilegeList,
        logoUrl: null,
        userLoginInfo: { id: principal.userId, enterpriseId: principal.enterpriseId, loginMode: principal.loginMode },
        userAccount: {
          loginName: principal.loginName,
          name: principal.name,
          mobile: principal.mobile,
          email: principal.email,
          enterpriseName: enterpriseNameFor(principal.enterpriseName, principal.enterpriseIsPlatform, language),
        },
      };
    },

    async logout(token: string): Promise<void> {
      const tokenHash = hashToken(token);
      await sessionRepo.deleteByTokenHash(db, tokenHash);
      cache.evictToken(tokenHash);
    },

    async updatePassword(
      principal: Principal,
      oldCipher: string,
      newCipher: string,
      caller: CallerContext,
    ): Promise<void> {
      const oldPassword = cipher.decrypt('oldPassword', oldCipher);
      const newPassword = cipher.decrypt('newPassword', newCipher);
      const user = await userRepo.findById(db, principal.userId);
      if (!user) throw new AppError(1001);
      if (!(await verifyPassword(user.password_hash, oldPassword))) {
        // A stolen session must not become a password-guessing oracle: wrong old passwords count too,
        // as verified failures, since only the session's holder can make them.
        const attempt = { name: signInKey(user.login_name), address: caller.address ?? '' };
        if ((await lockout.fail(attempt, true)).locked) {
          await sessionRepo.deleteForUser(db, user.id);
          cache.evictUser(user.id);
          throw new AppError(14022);
        }
        throw AppError.param('oldPassword', 'validation.oldPassword');
      }
      const problem = passwordProblem(newPassword);
      if (problem) throw AppError.param('newPassword', problem);
      if (newPassword === oldPassword) throw AppError.param('newPassword', 'validation.passwordSame');
      await userRepo.setPassword(db, user.id, await hashPassword(newPassword), clock.now());
      await sessionRepo.deleteForUser(db, user.id, principal.sessionId);
      cache.evictWhere((s) => s.userId === user.id && s.sessionId !== principal.sessionId);
    },

    async verificationCode(): Promise<{ key: string; image: string }> {
      const now = clock.now();
      const { text, svg } = (deps.drawCaptcha ?? drawSvgCaptcha)();
      const key = randomUUID();
      await captchaRepo.create(db, key, hashAnswer(text), minutesAfter(now, CAPTCHA_MINUTES));
      // Expired captchas are few and short-lived: sweeping on creation keeps the table small without a timer.
      await captchaRepo.deleteExpired(db, now);
      return { key, image: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
    },
  };
}

export type SessionService = ReturnType<typeof createSessionService>;
