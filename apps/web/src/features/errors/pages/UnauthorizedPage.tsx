// /401: the visitor is not signed in (or no longer).
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { StatusPage } from '../components/StatusPage';

export default function UnauthorizedPage() {
  const { t } = useTranslation('errors');
  return (
    <StatusPage
      code="401"
      title={t('unauthorized.title')}
      description={t('unauthorized.description')}
      actions={
        <Link className="pub-button" to="/home">
          {t('action.signIn')}
        </Link>
      }
    />
  );
}
