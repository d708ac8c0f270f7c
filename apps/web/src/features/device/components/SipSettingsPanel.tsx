// What to enter in the device's own GB28181 settings so it registers with the platform (GET /api/device/sipServer).
import { Alert, Button, Collapse, Descriptions, Skeleton, Typography, type DescriptionsProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { GB_CODE_PATTERN, type SipServer } from '@svc/contracts';
import { useSipServerQuery } from '../api/sip-server-query';

interface SipSettingsPanelProps {
  /** The GB code field as typed: the device's SIP user ID once it is 20 digits. */
  gbCode: string | undefined;
  editing: boolean;
}

const copyable = (value: string) => <Typography.Text copyable={{ text: value }}>{value}</Typography.Text>;

export function SipSettingsPanel({ gbCode, editing }: SipSettingsPanelProps) {
  const { t } = useTranslation('project');
  return (
    <Collapse
      size="small"
      className="device-sip-panel"
      // A new device still has to be set up; an edited one usually already is.
      defaultActiveKey={editing ? [] : ['sip']}
      items={[
        {
          key: 'sip',
          label: t('device.sip.title'),
          children: <SipSettings gbCode={gbCode?.trim() ?? ''} editing={editing} />,
        },
      ]}
    />
  );
}

function SipSettings({ gbCode, editing }: { gbCode: string; editing: boolean }) {
  const { t } = useTranslation('project');
  const { t: tc } = useTranslation('common');
  const sip = useSipServerQuery();
  if (sip.isPending) return <Skeleton active title={false} paragraph={{ rows: 4 }} />;
  if (sip.isError)
    return (
      <Alert
        type="warning"
        showIcon
        title={t('device.sip.loadFailed')}
        action={
          <Button size="small" onClick={() => void sip.refetch()} loading={sip.isFetching}>
            {tc('action.retry')}
          </Button>
        }
      />
    );
  return <SipSettingsTable sip={sip.data} gbCode={gbCode} editing={editing} />;
}

/** Why no device ID shows yet: a half-typed code, or none (only adding composes one; editing keeps none). */
function deviceIdNote(gbCode: string, editing: boolean): string {
  if (gbCode) return 'device.form.gbCodeRule';
  return editing ? 'device.sip.deviceIdMissing' : 'device.sip.deviceIdAssigned';
}

function SipSettingsTable({ sip, gbCode, editing }: { sip: SipServer; gbCode: string; editing: boolean }) {
  const { t } = useTranslation('project');
  const deviceId = GB_CODE_PATTERN.test(gbCode) ? (
    copyable(gbCode)
  ) : (
    <Typography.Text type={gbCode ? 'warning' : 'secondary'}>{t(deviceIdNote(gbCode, editing))}</Typography.Text>
  );
  const items: DescriptionsProps['items'] = [
    { key: 'id', label: t('device.sip.serverId'), children: copyable(sip.id) },
    { key: 'domain', label: t('device.sip.domain'), children: copyable(sip.domain) },
    { key: 'ip', label: t('device.sip.address'), children: copyable(sip.ip) },
    { key: 'port', label: t('device.sip.port'), children: copyable(String(sip.port)) },
    { key: 'deviceId', label: t('device.sip.deviceId'), children: deviceId },
    {
      key: 'password',
      label: t('device.sip.password'),
      children: (
        <Typography.Text type="secondary">
          {editing ? t('device.sip.passwordEditing') : t('device.sip.passwordValue')}
        </Typography.Text>
      ),
    },
  ];
  return <Descriptions column={1} size="small" bordered items={items} />;
}
