// The three languages, how a `language` header picks one, and message lookup in the server catalogs.
import enUS from './messages/en-US.json';
import zhCN from './messages/zh-CN.json';
import zhTW from './messages/zh-TW.json';

export const LANGUAGES = ['zh-CN', 'zh-TW', 'en-US'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en-US';

export type MessageKey = keyof typeof enUS;
export const CATALOGS: Record<Language, Record<string, string>> = {
  'en-US': enUS,
  'zh-CN': zhCN,
  'zh-TW': zhTW,
};

/**
 * Picks a language from a header value: an exact tag, a case-insensitive match, or a Chinese
 * script/region hint (zh-Hant, zh-HK, zh-MO → zh-TW; other zh → zh-CN). Unknown or missing: en-US.
 */
export function resolveLanguage(value: string | null | undefined): Language {
  if (!value) return DEFAULT_LANGUAGE;
  const first = value.split(',')[0]!.split(';')[0]!.trim().toLowerCase();
  const exact = LANGUAGES.find((l) => l.toLowerCase() === first || l.toLowerCase().replace('-', '_') === first);
  if (exact) return exact;
  if (/^zh[-_](hant|hk|mo|tw)/.test(first)) return 'zh-TW';
  if (/^zh([-_]|$)/.test(first)) return 'zh-CN';
  if (/^en([-_]|$)/.test(first)) return 'en-US';
  return DEFAULT_LANGUAGE;
}

/** Looks a key up, filling `{name}` placeholders; a missing key falls back to en-US, then to the key itself. */
export function translate(lang: Language, key: string, params?: Record<string, string | number>): string {
  const text = CATALOGS[lang][key] ?? CATALOGS[DEFAULT_LANGUAGE][key] ?? key;
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (m, name: string) => (name in params ? String(params[name]) : m));
}

/** Message of a platform code (`code.N`) or, for device answers, a device interface code (`device.N`). */
export function codeMessage(lang: Language, code: number, kind: 'app' | 'device' = 'app'): string {
  return translate(lang, `${kind === 'app' ? 'code' : 'device'}.${code}`);
}
