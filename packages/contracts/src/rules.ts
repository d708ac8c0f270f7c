// Field rules of SPEC §5 as zod builders; each failure carries a message key from the catalogs.
import { z } from 'zod';

/** SPEC §5: at least 4 characters, first a letter, then letters or digits; trimmed. */
export const LOGIN_NAME_PATTERN = /^[A-Za-z][A-Za-z0-9]{3,31}$/;
/** SPEC §5 helper check: mobile starts with 1, then 3, 4, 5, 7 or 8, 11 digits in all. */
export const MOBILE_PATTERN = /^1[34578]\d{9}$/;
/** SPEC §5 text check: letters, digits and Chinese only (spaces allowed between words in names). */
export const TEXT_PATTERN = /^[\p{L}\p{N}\u4e00-\u9fa5]+(?: [\p{L}\p{N}\u4e00-\u9fa5]+)*$/u;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 64;

/**
 * SPEC §5 strongest password variant (8–64, at least 3 of digits, upper case, lower case, special
 * characters, no spaces) — used for every password the platform sets, so one rule holds everywhere.
 */
export function passwordProblem(password: string): 'validation.password' | null {
  if (password.length < PASSWORD_MIN || password.length > PASSWORD_MAX || /\s/.test(password))
    return 'validation.password';
  const classes = [/\d/, /[a-z]/, /[A-Z]/, /[^A-Za-z0-9]/].filter((re) => re.test(password)).length;
  return classes >= 3 ? null : 'validation.password';
}

/** A string whose absence says "required" and whose wrong type says so, both as catalog keys. */
export const requiredString = () =>
  z.string({ error: (issue) => (issue.input === undefined ? 'validation.required' : 'validation.type') });

export const loginName = () =>
  requiredString()
    .trim()
    .min(1, { error: 'validation.required' })
    .regex(LOGIN_NAME_PATTERN, { error: 'validation.loginName' })
    .describe('Login name: 4–32 letters or digits, starting with a letter');

export const personName = () =>
  requiredString()
    .trim()
    .min(1, { error: 'validation.required' })
    .max(32, { error: 'validation.tooLong' })
    .regex(TEXT_PATTERN, { error: 'validation.name' });

export const mobile = () => z.string().trim().regex(MOBILE_PATTERN, { error: 'validation.mobile' });
export const email = () => z.email({ error: 'validation.email' }).max(254, { error: 'validation.tooLong' });

/** A password in transit: base64 of RSA-OAEP (SHA-256) ciphertext under the key from /rsa/getkey. */
export const encryptedPassword = () =>
  requiredString()
    .min(1, { error: 'validation.required' })
    .max(1024, { error: 'validation.tooLong' })
    .regex(/^[A-Za-z0-9+/]+={0,2}$/, { error: 'validation.base64' })
    .describe('base64 of the RSA-OAEP (SHA-256) ciphertext of the password, under the key from /rsa/getkey');
