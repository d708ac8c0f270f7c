// Frame of every public page: brand panel, language choice, centred card, footer — plain React and CSS only.
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LogoMark } from '../LogoMark';
import { CheckIcon } from './icons';
import { LanguageSelect } from './LanguageSelect';
import { useDocumentTitle } from './use-document-title';
import { useProductTitle } from './use-product-title';
import './styles';

interface PublicShellProps {
  /** Translated page title for <title>. */
  pageTitle: string;
  /** `split` shows the brand panel (sign-in, recovery); `single` is for status pages. */
  variant?: 'split' | 'single';
  children: ReactNode;
}

export function PublicShell({ pageTitle, variant = 'split', children }: PublicShellProps) {
  const { t } = useTranslation('auth');
  const { title, logoUrl, backgroundUrl } = useProductTitle();
  useDocumentTitle(pageTitle, title);
  const year = new Date().getFullYear();
  const logo = (
    <a className="pub-logo" href="/home">
      {logoUrl ? <img src={logoUrl} alt="" width={40} height={40} /> : <LogoMark size={36} />}
      <span>{title}</span>
    </a>
  );
  return (
    <div className={`pub ${variant === 'single' ? 'single' : ''}`}>
      {variant === 'split' && (
        <aside
          className="pub-brand"
          style={backgroundUrl ? { backgroundImage: `url(${JSON.stringify(backgroundUrl)})` } : undefined}
        >
          {logo}
          <div className="pub-brand-body">
            <p className="pub-tagline">{t('brand.tagline')}</p>
            <ul className="pub-features">
              <li>
                <CheckIcon />
                {t('brand.feature.connect')}
              </li>
              <li>
                <CheckIcon />
                {t('brand.feature.watch')}
              </li>
              <li>
                <CheckIcon />
                {t('brand.feature.alarm')}
              </li>
            </ul>
          </div>
          <p className="pub-brand-foot">{t('brand.footnote')}</p>
        </aside>
      )}
      <main className="pub-main">
        <div className="pub-topbar">
          {logo}
          <LanguageSelect />
        </div>
        <div className="pub-center">{children}</div>
        <footer className="pub-footer">{t('footer.copyright', { year, title })}</footer>
      </main>
    </div>
  );
}
