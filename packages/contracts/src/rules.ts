// Field rules of SPEC §5 as zod builders; each failure carries a message key from the catalogs.
import { z } from 'zod';
import {
  EMAIL_MAX,
  EMAIL_PATTERN,
  LOGIN_NAME_MAX,
  LOGIN_NAME_PATTERN,
  MOBILE_PATTERN,
  TEXT_PATTERN,
} from './patterns.js';

export {
  LOGIN_NAME_PATTERN,
  MOBILE_PATTERN,
  TEXT_PATTERN,
  EMAIL_PATTERN,
  PASSWORD_MIN,
  PASSWORD_MAX,
  passwordProblem,
} from './patterns.js';

/** A string whose absence says "required" and whose wrong type says so, both as catalog keys. */
export const requiredString = () =>
  z.string({ error: (issue) => (issue.input === undefined ? 'validation.required' : 'validation.type') });

export const loginName = () =>
  requiredString()
    .trim()
    .min(1, { error: 'validation.required' })
    .max(LOGIN_NAME_MAX, { error: 'validation.tooLong' })
    .regex(LOGIN_NAME_PATTERN, { error: 'validation.loginName' })
    .describe('Login name: 4–32 letters or digits, starting with a letter');

export const personName = () =>
  requiredString()
    .trim()
    .min(1, { error: 'validation.required' })
    .max(32, { error: 'validation.tooLong' })
    .regex(TEXT_PATTERN, { error: 'validation.name' });

export const mobile = () => z.string().trim().regex(MOBILE_PATTERN, { error: 'validation.mobile' });
export const email = () =>
  requiredString()
    .trim()
    .regex(EMAIL_PATTERN, { error: 'validation.email' })
    .max(EMAIL_MAX, { error: 'validation.tooLong' })
    .describe('email address');

/** A password in transit: base64 of RSA-OAEP (SHA-256) ciphertext under the key from /rsa/getkey. */
export const encryptedPassword = () =>
  requiredString()
    .min(1, { error: 'validation.required' })
    .max(1024, { error: 'validation.tooLong' })
    .regex(/^[A-Za-z0-9+/]+={0,2}$/, { error: 'validation.base64' })
    .describe('base64 of the RSA-OAEP (SHA-256) ciphertext of the password, under the key from /rsa/getkey');
