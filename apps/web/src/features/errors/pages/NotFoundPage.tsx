// /404 and every unknown path (SPEC §2).
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { StatusPage } from '../components/StatusPage';

export default function NotFoundPage() {
  const { t } = useTranslation('errors');
  return (
    <StatusPage
      code="404"
      title={t('notFound.title')}
      description={t('notFound.description')}
      actions={
        <Link className="pub-button" to="/project">
          {t('action.console')}
        </Link>
      }
    />
  );
}
