// Language choice of the public pages: a native select (no antd here), stored through changeLanguage.
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { changeLanguage, currentLanguage } from '@/i18n';
import { LANGUAGES, isLanguage } from '@/i18n/languages';
import { LOCALES } from '@/i18n/locales';

export function LanguageSelect() {
  const { t, i18n } = useTranslation('common');
  const id = useId();
  // Re-read on every render: i18n.language changes through the hook's subscription.
  const value = i18n.language && isLanguage(i18n.language) ? i18n.language : currentLanguage();
  return (
    <span className="pub-lang">
      <label htmlFor={id}>{t('language.label')}</label>
      <select
        id={id}
        value={value}
        onChange={(e) => {
          if (isLanguage(e.target.value)) void changeLanguage(e.target.value);
        }}
      >
        {LANGUAGES.map((lang) => (
          <option key={lang} value={lang} lang={LOCALES[lang].htmlLang}>
            {LOCALES[lang].autonym}
          </option>
        ))}
      </select>
    </span>
  );
}
