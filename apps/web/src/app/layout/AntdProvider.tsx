// antd for the console: theme, and the antd and dayjs locales following the chosen language (conventions §11).
import { useEffect, useState, type ReactNode } from 'react';
import { App, ConfigProvider, theme as antdTheme } from 'antd';
import type { Locale } from 'antd/es/locale';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { onBeforeLanguageChange } from '@/i18n';
import { isLanguage, type Language } from '@/i18n/languages';
import { LOCALES } from '@/i18n/locales';
import { withChunkRetry } from '../lazy-page';
import { NewVersionPrompt } from '../RouteError';

export const CONSOLE_THEME = {
  algorithm: antdTheme.defaultAlgorithm,
  token: {
    colorPrimary: '#1456c4',
    colorInfo: '#1456c4',
    borderRadius: 6,
    fontFamily:
      "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'PingFang SC', 'PingFang TC', 'Hiragino Sans GB', 'Microsoft YaHei', 'Microsoft JhengHei', 'Noto Sans CJK SC', 'Noto Sans CJK TC', sans-serif",
    colorBgLayout: '#f2f5fa',
  },
  components: {
    Layout: { headerBg: '#0a2556', headerHeight: 64, headerPadding: '0 16px', siderBg: '#ffffff' },
    Menu: {
      darkItemBg: '#0a2556',
      darkPopupBg: '#0a2556',
      darkItemSelectedBg: '#1456c4',
      darkItemColor: 'rgba(255,255,255,0.82)',
      itemBorderRadius: 6,
    },
    Tabs: { cardHeight: 32 },
  },
};

/** The locales are chunks like the pages: one retry, then the console asks for a reload (never renders nothing). */
async function loadLocale(language: Language): Promise<Locale> {
  const entry = LOCALES[language];
  const [locale] = await Promise.all([withChunkRetry(entry.antd)(), withChunkRetry(entry.loadDayjs)()]);
  dayjs.locale(entry.dayjs);
  return locale;
}

export function AntdProvider({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const language: Language = isLanguage(i18n.language) ? i18n.language : 'en-US';
  const [loaded, setLoaded] = useState<{ language: Language; locale: Locale } | null>(null);
  const [outdated, setOutdated] = useState(false);

  // A switch from the language menu: both locales are ready before any text changes.
  useEffect(
    () =>
      onBeforeLanguageChange(async (next) => {
        // On failure the texts still switch: the reload prompt then speaks the chosen language.
        await loadLocale(next).then(
          (locale) => setLoaded({ language: next, locale }),
          () => setOutdated(true),
        );
      }),
    [],
  );

  // The first render (and any switch made without changeLanguage) loads the locale of the current language.
  const stale = loaded?.language !== language;
  useEffect(() => {
    if (!stale) return;
    let live = true;
    loadLocale(language).then(
      (locale) => {
        if (live) setLoaded({ language, locale });
      },
      () => {
        if (live) setOutdated(true);
      },
    );
    return () => {
      live = false;
    };
  }, [language, stale]);

  if (outdated) return <NewVersionPrompt />;
  // Until the first locale arrives render nothing rather than a flash of English in a Chinese console.
  if (!loaded) return null;
  return (
    <ConfigProvider locale={loaded.locale} theme={CONSOLE_THEME}>
      <App>{children}</App>
    </ConfigProvider>
  );
}
