// When a sign-in needs a captcha and when it is locked out (SPEC §9: 6 wrong tries lock 30 minutes),
// counted in a sliding window per login name and address so nobody can lock another person out.
//
// A pair (name, address) that fails 6 times in 30 minutes is locked out for 30 minutes: 14022 there
// only. The whole account is locked (14022 from every address) only once 6 failures in the window were
// *verified*: made with a solved captcha, or a wrong old password from a signed-in session. Before
// that, a name that collected 6 failures from anywhere needs a captcha from every address, whatever
// LOGIN_CAPTCHA says, so rotating addresses earns an attacker captchas, not a lock; `off` only drops
// the per-address captcha. Names are counted as typed, so an unknown name answers what a real one would.
import type { CaptchaMode } from '@svc/contracts';
import { minutesAfter, type Clock } from '../../clock.js';
import type { Db } from '../../db/database.js';
import { EVERY_ADDRESS, signInGuardRepo, type SignInState } from './repo.js';

/** SPEC §9: 6 wrong attempts lock for 30 minutes. */
export const LOCK_AFTER_FAILURES = 6;
export const LOCK_MINUTES = 30;
/** LOGIN_CAPTCHA=after-failures: a captcha is asked after this many failures from one address … */
export const CAPTCHA_AFTER_FAILURES = 3;
/** … and in every mode after this many failures of one name from anywhere … */
export const NAME_CAPTCHA_AFTER_FAILURES = LOCK_AFTER_FAILURES;
/** … within this sliding window. */
export const FAILURE_WINDOW_MINUTES = 30;

/** The key failures and locks are kept under: the login name as sign-in looks it up. */
export const signInKey = (loginName: string): string => loginName.trim().toLowerCase();

/** One sign-in try: the name (see `signInKey`) and the caller's address. */
export type Attempt = { name: string; address: string };

export type Lockout = ReturnType<typeof createLockout>;

export function createLockout({ db, clock, captchaMode }: { db: Db; clock: Clock; captchaMode: CaptchaMode }) {
  const since = (now: Date) => minutesAfter(now, -FAILURE_WINDOW_MINUTES);

  const captchaNeeded = (s: SignInState): boolean =>
    captchaMode === 'always' ||
    s.name >= NAME_CAPTCHA_AFTER_FAILURES ||
    (captchaMode === 'after-failures' && s.address >= CAPTCHA_AFTER_FAILURES);

  return {
    /** Before a password is checked: locked out here? captcha first? any failures of this pair to forget? */
    async before(a: Attempt): Promise<{ locked: boolean; captchaRequired: boolean; pairFailures: number }> {
      const now = clock.now();
      const s = await signInGuardRepo.state(db, a.name, a.address, since(now), now);
      return { locked: s.locked, captchaRequired: captchaNeeded(s), pairFailures: s.pair };
    },

    /**
     * Counts a wrong password; `verified` when it came with a solved captcha or from a signed-in
     * session. Answers whether it locked the pair or the account, else whether the next try needs a captcha.
     */
    async fail(a: Attempt, verified: boolean): Promise<{ locked: boolean; captchaRequired: boolean }> {
      const now = clock.now();
      await signInGuardRepo.addFailure(db, { loginName: a.name, address: a.address, verified, at: now }, since(now));
      const s = await signInGuardRepo.state(db, a.name, a.address, since(now), now);
      const until = minutesAfter(now, LOCK_MINUTES);
      if (s.verified >= LOCK_AFTER_FAILURES) {
        await signInGuardRepo.lock(db, a.name, EVERY_ADDRESS, until, now);
      } else if (s.pair >= LOCK_AFTER_FAILURES) {
        await signInGuardRepo.lock(db, a.name, a.address, until, now);
      } else {
        return { locked: false, captchaRequired: captchaNeeded(s) };
      }
      return { locked: true, captchaRequired: true };
    },

    /** After a successful sign-in: this pair starts afresh; failures from other addresses still count. */
    succeeded(a: Attempt) {
      return signInGuardRepo.clearPair(db, a.name, a.address);
    },
  };
}
