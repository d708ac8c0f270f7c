// The server catalogues are complete and aligned, language picking follows a header, zh-TW is generated.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { planOutputs } from '../../../scripts/gen-zh-tw.js';
import { APP_CODES, DEVICE_CODES } from './codes.js';
import { CATALOGS, LANGUAGES, resolveLanguage, translate } from './i18n.js';

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('server catalogues', () => {
  const enKeys = Object.keys(CATALOGS['en-US']).sort();

  it.each(LANGUAGES)('%s has exactly the en-US key set', (lang) => {
    expect(Object.keys(CATALOGS[lang]).sort()).toEqual(enKeys);
  });

  it.each(LANGUAGES)('%s has a non-empty message for every platform and device code', (lang) => {
    const keys = [...APP_CODES.map((c) => `code.${c}`), ...DEVICE_CODES.map((c) => `device.${c}`)];
    const missing = keys.filter((key) => !CATALOGS[lang][key]?.trim());
    expect(missing).toEqual([]);
  });

  it('gives every device code a message of its own in each language', () => {
    for (const lang of LANGUAGES) {
      const texts = DEVICE_CODES.map((c) => CATALOGS[lang][`device.${c}`]);
      expect(new Set(texts).size, lang).toBe(DEVICE_CODES.length);
    }
  });

  it('keeps the same placeholders in every language', () => {
    for (const [key, english] of Object.entries(CATALOGS['en-US'])) {
      for (const lang of LANGUAGES) {
        expect(placeholders(CATALOGS[lang][key] ?? ''), `${lang} ${key}`).toEqual(placeholders(english));
      }
    }
  });

  it('never shows a code number inside a device message', () => {
    for (const lang of LANGUAGES) {
      for (const code of DEVICE_CODES) {
        expect(CATALOGS[lang][`device.${code}`], `${lang} device.${code}`).not.toContain(String(code));
      }
    }
  });

  it('writes zh-TW in traditional characters with Taiwan wording', () => {
    expect(CATALOGS['zh-CN']['code.1001']).toBe('登录已过期，请重新登录');
    expect(CATALOGS['zh-TW']['code.1001']).toBe('登入已過期，請重新登入');
    expect(CATALOGS['zh-TW']['code.14020']).toContain('使用者名稱');
    expect(CATALOGS['zh-TW']['device.214']).toContain('權限');
    expect(CATALOGS['zh-TW']['device.214']).not.toContain('許可權');
  });

  it('matches a fresh generation on disk, so a hand edit of zh-TW.json fails', () => {
    const server = planOutputs().find((o) => o.path.endsWith('packages/contracts/src/messages/zh-TW.json'));
    expect(server).toBeDefined();
    expect(readFileSync(server!.path, 'utf8')).toBe(server!.content);
  });
});

describe('resolveLanguage', () => {
  it.each([
    ['zh-CN', 'zh-CN'],
    ['zh-TW', 'zh-TW'],
    ['en-US', 'en-US'],
    ['zh-cn', 'zh-CN'],
    ['zh-tw', 'zh-TW'],
    ['EN-us', 'en-US'],
    ['zh_CN', 'zh-CN'],
    ['zh-Hant-TW', 'zh-TW'],
    ['zh-Hant', 'zh-TW'],
    ['zh-HK', 'zh-TW'],
    ['zh-Hans-CN', 'zh-CN'],
    ['zh', 'zh-CN'],
    ['en-GB', 'en-US'],
    ['en', 'en-US'],
    ['zh-TW,zh;q=0.9,en;q=0.8', 'zh-TW'],
    ['fr', 'en-US'],
    ['', 'en-US'],
  ])('picks %j as %s', (header, lang) => {
    expect(resolveLanguage(header)).toBe(lang);
  });

  it('falls back to en-US for a missing header', () => {
    expect(resolveLanguage(undefined)).toBe('en-US');
    expect(resolveLanguage(null)).toBe('en-US');
  });
});

describe('translate', () => {
  it('fills placeholders in the chosen language', () => {
    expect(translate('en-US', 'param.unknownField', { field: 'name' })).toBe('Unknown field: name');
    expect(translate('zh-CN', 'param.unknownField', { field: 'name' })).toBe('未知字段：name');
    expect(translate('zh-TW', 'restfulRetError', { ret: 106 })).toBe('裝置錯誤（Ret 106）');
  });

  it('leaves a placeholder without a value as written', () => {
    expect(translate('en-US', 'reset.mail.body', { code: '123456' })).toContain('{minutes}');
  });

  it('falls back to en-US, then to the key itself', () => {
    const saved = CATALOGS['zh-TW']['code.1'];
    delete CATALOGS['zh-TW']['code.1'];
    try {
      expect(translate('zh-TW', 'code.1')).toBe(CATALOGS['en-US']['code.1']);
    } finally {
      CATALOGS['zh-TW']['code.1'] = saved!;
    }
    expect(translate('zh-CN', 'no.such.key')).toBe('no.such.key');
  });
});
