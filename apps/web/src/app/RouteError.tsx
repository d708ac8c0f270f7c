// Last-resort error views (a page chunk failed to load or a page crashed): say so and offer a reload. They need no antd,
// so they also stand where antd itself or its locale could not be loaded.
import { useRouteError } from 'react-router';
import { useTranslation } from 'react-i18next';
import { isChunkLoadError } from './lazy-page';
import '@/components/public/styles';

export function RouteError() {
  return isChunkLoadError(useRouteError()) ? (
    <NewVersionPrompt />
  ) : (
    <ReloadCard titleKey="error.page" hintKey="error.pageHint" />
  );
}

/** A chunk of this build is gone (a newer build replaced it): only a reload helps, and only a person starts it. */
export function NewVersionPrompt() {
  return <ReloadCard titleKey="update.title" hintKey="update.hint" />;
}

function ReloadCard({ titleKey, hintKey }: { titleKey: string; hintKey: string }) {
  const { t } = useTranslation('common');
  return (
    <div className="pub-splash" role="alert">
      <div className="pub-card pub-status">
        <h1>{t(titleKey)}</h1>
        <p className="pub-sub">{t(hintKey)}</p>
        <div className="pub-actions">
          <button type="button" className="pub-button" onClick={() => window.location.reload()}>
            {t('action.reload')}
          </button>
        </div>
      </div>
    </div>
  );
}
