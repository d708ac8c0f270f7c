// Plain patterns and limits of SPEC §5, free of zod, so the light sign-in page can use them without it.

/** SPEC §5: at least 4 characters, first a letter, then letters or digits. */
export const LOGIN_NAME_PATTERN = /^[A-Za-z][A-Za-z0-9]{3,31}$/;
/** The longest login name the pattern takes; named in the message of a longer one. */
export const LOGIN_NAME_MAX = 32;
/** SPEC §5 helper check: mobile starts with 1, then 3, 4, 5, 7 or 8, 11 digits in all. */
export const MOBILE_PATTERN = /^1[34578]\d{9}$/;
/** SPEC §5 text check: letters, digits and Chinese only (single spaces allowed between words in names). */
export const TEXT_PATTERN = /^[\p{L}\p{N}\u4e00-\u9fa5]+(?: [\p{L}\p{N}\u4e00-\u9fa5]+)*$/u;
/** An address with a dotted domain; the same pattern on server and web. */
export const EMAIL_PATTERN =
  /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;
export const EMAIL_MAX = 254;
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

/** SPEC §5 and §9: images are JPG, JPEG, PNG or GIF, at most 2 MB. */
export const IMAGE_MAX_BYTES = 2_097_152;
export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/gif'] as const;
