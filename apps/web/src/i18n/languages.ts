// Which language the console speaks: stored setting (cookie `local`, SPEC §9), else the browser, else en-US (SPEC §1).
import { DEFAULT_LANGUAGE, LANGUAGES, resolveLanguage, type Language } from '@svc/contracts';

export { LANGUAGES, type Language };
/** SPEC §9: the language cookie is named `local`. */
export const LANGUAGE_COOKIE = 'local';
const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;
export const LANGUAGE_COOKIE_MAX_AGE = ONE_YEAR_SECONDS;

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/**
 * The stored choice wins when it names one of our languages; then the first browser language that
 * is Chinese or English (zh-HK/zh-Hant → zh-TW, other zh → zh-CN); otherwise en-US.
 */
export function resolveInitialLanguage(stored: string | undefined, browser: readonly string[]): Language {
  if (stored) {
    const picked = resolveLanguage(stored);
    if (isLanguage(stored) || /^(zh|en)([-_]|$)/i.test(stored)) return picked;
  }
  for (const tag of browser) {
    if (/^(zh|en)([-_]|$)/i.test(tag)) return resolveLanguage(tag);
  }
  return DEFAULT_LANGUAGE;
}
