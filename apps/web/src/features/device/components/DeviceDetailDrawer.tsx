// A device's details with its channels and their SPEC §4 states (alarm message, online, not configured) and its tags.
import { Badge, Descriptions, Drawer, Empty, Flex, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Device } from '@svc/contracts';
import { LoadFailed } from '../../../components/LoadFailed';
import { useChannelsQuery, type Channel } from '../api/device-channels-query';
import { DeviceStatusBadge } from './DeviceStatusBadge';
import { STREAM_MODE_KEYS } from './StreamModeField';

const CHANNEL_BADGE = { online: 'success', alarm: 'error', unconfigured: 'default' } as const;

export function DeviceDetailDrawer({ device, onClose }: { device: Device | null; onClose: () => void }) {
  const { t } = useTranslation('project');
  const channels = useChannelsQuery(device?.id);
  const dash = (v: string | number | null) => (v === null || v === '' ? '—' : v);
  return (
    <Drawer
      open={device !== null}
      onClose={onClose}
      size={640}
      title={device ? t('device.detailTitle', { name: device.devName }) : undefined}
      destroyOnHidden
    >
      {device && (
        <Flex vertical gap={24}>
          <Descriptions column={2} size="small" bordered>
            <Descriptions.Item label={t('device.field.sn')}>{device.sn}</Descriptions.Item>
            <Descriptions.Item label={t('device.field.type')}>{t(`device.type.${device.devType}`)}</Descriptions.Item>
            <Descriptions.Item label={t('device.field.status')}>
              <DeviceStatusBadge status={device.statusLive} />
            </Descriptions.Item>
            <Descriptions.Item label={t('device.field.project')}>{device.projectName}</Descriptions.Item>
            <Descriptions.Item label={t('device.field.loginName')}>{device.loginName}</Descriptions.Item>
            <Descriptions.Item label={t('device.field.gbCode')}>{dash(device.gbCode)}</Descriptions.Item>
            <Descriptions.Item label={t('device.field.streamMode')} span={2}>
              {t(STREAM_MODE_KEYS[device.streamMode].label)}
            </Descriptions.Item>
            <Descriptions.Item label={t('device.field.model')}>{dash(device.model)}</Descriptions.Item>
            <Descriptions.Item label={t('device.field.manufacturer')}>{dash(device.manufacturer)}</Descriptions.Item>
            <Descriptions.Item label={t('device.field.address')}>
              {device.ip ? `${device.ip}${device.port ? `:${device.port}` : ''}` : '—'}
            </Descriptions.Item>
            <Descriptions.Item label={t('device.field.uuid')}>{device.uuid}</Descriptions.Item>
            <Descriptions.Item label={t('device.field.tags')} span={2}>
              {device.tags.length ? (
                device.tags.map((tag) => <Tag key={tag}>{tag}</Tag>)
              ) : (
                <Typography.Text type="secondary">{t('device.noTags')}</Typography.Text>
              )}
            </Descriptions.Item>
          </Descriptions>
          <div>
            <Typography.Title level={3} style={{ fontSize: 15 }}>
              {t('device.channels.title')}
            </Typography.Title>
            {channels.isError ? (
              <LoadFailed onRetry={() => void channels.refetch()} />
            ) : (
              <Table<Channel>
                rowKey="id"
                size="small"
                loading={channels.isFetching}
                dataSource={channels.data}
                pagination={false}
                locale={{ emptyText: <Empty description={t('device.channels.empty')} /> }}
                columns={[
                  { key: 'index', dataIndex: 'index', title: t('device.channels.index'), width: 70 },
                  { key: 'title', dataIndex: 'channelTitle', title: t('device.channels.name') },
                  {
                    key: 'state',
                    title: t('device.channels.state'),
                    render: (_, c) => (
                      <Badge status={CHANNEL_BADGE[c.state]} text={t(`device.channels.states.${c.state}`)} />
                    ),
                  },
                  {
                    key: 'playable',
                    title: t('device.channels.playable'),
                    render: (_, c) => (c.playable ? t('device.channels.yes') : t('device.channels.no')),
                  },
                ]}
              />
            )}
          </div>
        </Flex>
      )}
    </Drawer>
  );
}
