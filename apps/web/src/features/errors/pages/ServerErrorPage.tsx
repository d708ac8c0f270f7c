// /500: where a 502 answer leads (SPEC §8); the user can go back and retry.
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useNotice } from '@/components/public/use-notice';
import { StatusPage } from '../components/StatusPage';

export default function ServerErrorPage() {
  const { t } = useTranslation('errors');
  const navigate = useNavigate();
  const notice = useNotice();
  return (
    <StatusPage
      code="500"
      title={t('serverError.title')}
      description={notice ? `${notice} ${t('serverError.description')}` : t('serverError.description')}
      actions={
        <>
          <button type="button" className="pub-button secondary" onClick={() => void navigate(-1)}>
            {t('action.back')}
          </button>
          <Link className="pub-button" to="/project">
            {t('action.console')}
          </Link>
        </>
      }
    />
  );
}
