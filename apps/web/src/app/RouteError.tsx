// Last-resort error view of the router (a page chunk failed to load or a page crashed): say so and offer a reload.
import { useTranslation } from 'react-i18next';
import '../components/public/styles';

export function RouteError() {
  const { t } = useTranslation('common');
  return (
    <div className="pub-splash" role="alert">
      <div className="pub-card pub-status">
        <h1>{t('error.page')}</h1>
        <p className="pub-sub">{t('error.pageHint')}</p>
        <div className="pub-actions">
          <button type="button" className="pub-button" onClick={() => window.location.reload()}>
            {t('action.reload')}
          </button>
        </div>
      </div>
    </div>
  );
}
