// One map of language ↔ antd locale ↔ dayjs locale ↔ html lang (conventions §11); loaders keep antd out of public pages.
import type { Locale } from 'antd/es/locale';
import type { Language } from './languages';

export interface LocaleEntry {
  /** Autonym shown in the language choice: a language is named in itself, never translated. */
  autonym: string;
  htmlLang: string;
  dayjs: string;
  antd: () => Promise<Locale>;
  loadDayjs: () => Promise<unknown>;
}

export const LOCALES: Record<Language, LocaleEntry> = {
  'zh-CN': {
    autonym: '简体中文',
    htmlLang: 'zh-CN',
    dayjs: 'zh-cn',
    antd: () => import('antd/es/locale/zh_CN').then((m) => m.default),
    loadDayjs: () => import('dayjs/locale/zh-cn'),
  },
  'zh-TW': {
    autonym: '繁體中文',
    htmlLang: 'zh-TW',
    dayjs: 'zh-tw',
    antd: () => import('antd/es/locale/zh_TW').then((m) => m.default),
    loadDayjs: () => import('dayjs/locale/zh-tw'),
  },
  'en-US': {
    autonym: 'English',
    htmlLang: 'en',
    dayjs: 'en',
    antd: () => import('antd/es/locale/en_US').then((m) => m.default),
    // dayjs ships English built in.
    loadDayjs: () => Promise.resolve(),
  },
};
