// The i18next instance: catalogs by namespace; sign-in texts bundled, console namespaces loaded on demand.
import i18next, { type BackendModule, type ResourceLanguage } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { getCookie, setCookie } from '@/lib/session/cookies';
import {
  LANGUAGE_COOKIE,
  LANGUAGE_COOKIE_MAX_AGE,
  LANGUAGES,
  resolveInitialLanguage,
  type Language,
} from './languages';
import { LOCALES } from './locales';

type Catalog = Record<string, string>;

// The first screen (sign-in) must render without a second round trip, so its namespaces ship in the entry.
const eager = import.meta.glob<Catalog>(['./locales/*/common.json', './locales/*/auth.json'], {
  eager: true,
  import: 'default',
});
const lazy = import.meta.glob<Catalog>(['./locales/*/*.json', '!./locales/*/common.json', '!./locales/*/auth.json'], {
  import: 'default',
});

export const NAMESPACES = ['common', 'auth', 'console', 'errors', 'project', 'platform', 'user', 'download'] as const;
export type Namespace = (typeof NAMESPACES)[number];

function bundled(): Record<string, ResourceLanguage> {
  const resources: Record<string, ResourceLanguage> = {};
  for (const [path, catalog] of Object.entries(eager)) {
    const [, lang, ns] = /\.\/locales\/([^/]+)\/([^/]+)\.json$/.exec(path) ?? [];
    if (!lang || !ns) continue;
    resources[lang] = { ...resources[lang], [ns]: catalog };
  }
  return resources;
}

const lazyBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, callback) {
    const load = lazy[`./locales/${language}/${namespace}.json`];
    if (!load) {
      callback(null, {});
      return;
    }
    load().then(
      (catalog) => callback(null, catalog),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), null),
    );
  },
};

export const i18n = i18next.createInstance();

export function initI18n(language: Language = detectLanguage()): typeof i18n {
  if (i18n.isInitialized) return i18n;
  void i18n
    .use(lazyBackend)
    .use(initReactI18next)
    .init({
      lng: language,
      fallbackLng: 'en-US',
      supportedLngs: [...LANGUAGES],
      load: 'currentOnly',
      ns: ['common', 'auth'],
      defaultNS: 'common',
      resources: bundled(),
      partialBundledLanguages: true,
      initAsync: false,
      // Keys are flat `area.element.phrase` strings (conventions §11), not nested objects.
      keySeparator: false,
      interpolation: { escapeValue: false },
      // No promotional console line in a product's browser console.
      showSupportNotice: false,
      react: { useSuspense: true },
    });
  applyDocumentLanguage(language);
  return i18n;
}

export function detectLanguage(): Language {
  return resolveInitialLanguage(getCookie(LANGUAGE_COOKIE), navigator.languages ?? [navigator.language]);
}

export function currentLanguage(): Language {
  const lang = i18n.language;
  return (LANGUAGES as readonly string[]).includes(lang) ? (lang as Language) : 'en-US';
}

type Preparer = (language: Language) => Promise<void>;
const preparers = new Set<Preparer>();

/**
 * Work that must finish before the texts switch: the console loads antd's and dayjs's locales here, so
 * components re-rendering on the language change already format dates in the new language.
 */
export function onBeforeLanguageChange(prepare: Preparer): () => void {
  preparers.add(prepare);
  return () => preparers.delete(prepare);
}

/** The user's choice: stored in the `local` cookie, applied to texts, <html lang>, antd and dayjs. */
export async function changeLanguage(language: Language): Promise<void> {
  setCookie(LANGUAGE_COOKIE, language, LANGUAGE_COOKIE_MAX_AGE);
  await Promise.all([...preparers].map((prepare) => prepare(language)));
  await i18n.changeLanguage(language);
  applyDocumentLanguage(language);
}

function applyDocumentLanguage(language: Language): void {
  document.documentElement.lang = LOCALES[language].htmlLang;
}
