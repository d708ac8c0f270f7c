// The "GB28181 settings" drawer of the device list: loads the regional configuration and the platform SIP settings.
import { Drawer, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '@/components/LoadFailed';
import { useRegionalQuery } from '../api/regional-query';
import { useSipServerQuery } from '../api/sip-server-query';
import { RegionalConfigForm } from './RegionalConfigForm';

export function Gb28181SettingsDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('project');
  return (
    <Drawer open={open} onClose={onClose} size={640} title={t('device.regional.title')} destroyOnHidden>
      {open && <SettingsBody onDone={onClose} />}
    </Drawer>
  );
}

function SettingsBody({ onDone }: { onDone: () => void }) {
  const regional = useRegionalQuery();
  const sip = useSipServerQuery();
  if (regional.isError) return <LoadFailed onRetry={() => void regional.refetch()} />;
  // The form's first values come from both answers; a failed SIP call only costs the prefill and the password.
  if (regional.isPending || sip.isPending) return <Skeleton active paragraph={{ rows: 8 }} />;
  return (
    <RegionalConfigForm
      config={regional.data}
      sip={{ data: sip.data, isError: sip.isError, retry: () => void sip.refetch() }}
      onDone={onDone}
    />
  );
}
