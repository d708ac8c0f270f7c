// /download/home: where a desktop client would be offered. None is published yet, and the page says so plainly.
import { Button, Card, Result } from 'antd';
import { CloudDownloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { HOME_PATH } from '@/lib/paths';

export default function DownloadPage() {
  const { t } = useTranslation('download');
  const navigate = useNavigate();
  return (
    <Card>
      <Result
        icon={<CloudDownloadOutlined style={{ color: '#1456c4' }} />}
        title={<h1 style={{ fontSize: 22, margin: 0 }}>{t('download.title')}</h1>}
        subTitle={
          <>
            {t('download.none')}
            <br />
            {t('download.browsers')}
          </>
        }
        extra={
          <Button type="primary" onClick={() => void navigate(HOME_PATH)}>
            {t('download.openConsole')}
          </Button>
        }
      />
    </Card>
  );
}
