// The role editor's video privileges (SPEC §6 per-role video privileges): the powers over video the server lists,
// offered only where the caller holds them; one the role holds beyond the caller's stays, shown fixed.
import { Alert, Checkbox, Empty, Flex, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '@/components/LoadFailed';
import { useVideoPrivilegesQuery } from '../api/video-privileges-query';

/** The live-view menu: a role granting it without the `live` power shows staff a page they cannot play on. */
const LIVE_MENU = 'preview';
const LIVE = 'live';

interface VideoPrivilegesEditorProps {
  value?: string[];
  onChange?: (keys: string[]) => void;
  disabled?: boolean;
  roleKeys: readonly string[];
}

export function VideoPrivilegesEditor({ value = [], onChange, disabled, roleKeys }: VideoPrivilegesEditorProps) {
  const { t } = useTranslation('user');
  const video = useVideoPrivilegesQuery();
  if (video.isPending) return <Spin className="org-tree-spin" />;
  if (video.isError) return <LoadFailed onRetry={() => void video.refetch()} />;
  const shown = video.data.filter((p) => p.grantable || value.includes(p.key));
  if (shown.length === 0) return <Empty description={t('roles.video.none')} />;
  return (
    <Flex vertical gap={12}>
      <Typography.Text type="secondary">{t('roles.video.hint')}</Typography.Text>
      {roleKeys.includes(LIVE_MENU) && !value.includes(LIVE) && (
        <Alert type="warning" showIcon title={t('roles.video.noLive')} />
      )}
      <Checkbox.Group
        className="role-video"
        value={value}
        disabled={disabled}
        onChange={(keys) => onChange?.(keys.map(String))}
      >
        <Flex vertical gap={10}>
          {shown.map((p) => (
            <Checkbox key={p.key} value={p.key} disabled={!p.grantable}>
              {p.name}
            </Checkbox>
          ))}
        </Flex>
      </Checkbox.Group>
    </Flex>
  );
}
