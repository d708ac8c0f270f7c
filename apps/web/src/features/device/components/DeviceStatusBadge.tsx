// A device's SPEC §4 status with the tree's colours: online green, dormancy (low power) orange, offline grey.
import { Badge } from 'antd';
import { useTranslation } from 'react-i18next';

const BADGE = { online: 'success', dormancy: 'warning', offline: 'default' } as const;

export function DeviceStatusBadge({ status }: { status: 'online' | 'dormancy' | 'offline' }) {
  const { t } = useTranslation('project');
  return <Badge status={BADGE[status]} text={t(`status.${status}`)} />;
}
