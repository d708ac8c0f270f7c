// Shown instead of a page the user's privileges do not cover (SPEC §2, §8 "you have no permission to browse this page").
import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { HOME_PATH } from '@/lib/paths';

export function NoPermission() {
  const { t } = useTranslation('console');
  const navigate = useNavigate();
  return (
    <Result
      status="403"
      title={t('noPermission.title')}
      subTitle={t('noPermission.description')}
      extra={
        <Button type="primary" onClick={() => void navigate(HOME_PATH)}>
          {t('noPermission.home')}
        </Button>
      }
    />
  );
}
