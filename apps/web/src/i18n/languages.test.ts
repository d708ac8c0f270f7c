// Default language of SPEC §1: the stored setting, else the browser, else en-US.
import { describe, expect, it } from 'vitest';
import { resolveInitialLanguage } from './languages';

describe('resolveInitialLanguage', () => {
  it('prefers the stored choice', () => {
    expect(resolveInitialLanguage('zh-TW', ['en-US'])).toBe('zh-TW');
    expect(resolveInitialLanguage('en-US', ['zh-CN'])).toBe('en-US');
  });

  it('ignores a stored value that names no language of ours', () => {
    expect(resolveInitialLanguage('fr-FR', ['zh-CN'])).toBe('zh-CN');
    expect(resolveInitialLanguage('', ['zh-CN'])).toBe('zh-CN');
  });

  it('takes the first Chinese or English browser language, mapping scripts and regions', () => {
    expect(resolveInitialLanguage(undefined, ['fr-FR', 'zh-HK', 'en-US'])).toBe('zh-TW');
    expect(resolveInitialLanguage(undefined, ['zh-Hant-TW'])).toBe('zh-TW');
    expect(resolveInitialLanguage(undefined, ['zh'])).toBe('zh-CN');
    expect(resolveInitialLanguage(undefined, ['zh-SG'])).toBe('zh-CN');
    expect(resolveInitialLanguage(undefined, ['en-GB', 'zh-CN'])).toBe('en-US');
  });

  it('falls back to en-US', () => {
    expect(resolveInitialLanguage(undefined, [])).toBe('en-US');
    expect(resolveInitialLanguage(undefined, ['de-DE', 'ja'])).toBe('en-US');
  });
});
