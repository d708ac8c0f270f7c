// A device's details with its channels and their SPEC §4 states (alarm message, online, not configured) and its tags;
// holders of device-edit edit the channels and the tags here.
import { useState } from 'react';
import { Badge, Button, Descriptions, Drawer, Empty, Flex, Table, Typography, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { Device } from '@svc/contracts';
import { usePrivilege } from '@/lib/use-privilege';
import { LoadFailed } from '@/components/LoadFailed';
import { useChannelsQuery, type ChannelDetail } from '../api/device-channels-query';
import { ChannelEditModal } from './ChannelEditModal';
import { deviceAddress } from './device-columns';
import { DeviceStatusBadge } from './DeviceStatusBadge';
import { DeviceTagsEditor } from './DeviceTagsEditor';
import { STREAM_MODE_KEYS } from './StreamModeField';

const CHANNEL_BADGE = { online: 'success', alarm: 'error', unconfigured: 'default' } as const;

export function DeviceDetailDrawer({ device, onClose }: { device: Device | null; onClose: () => void }) {
  const { t } = useTranslation('project');
  const { t: tc } = useTranslation('common');
  const can = usePrivilege();
  const editable = can('device-edit');
  const channels = useChannelsQuery(device?.id);
  const [editing, setEditingState] = useState<ChannelDetail>();
  // Each opening gets a fresh dialog, so its form starts from this channel's values, never the previous one's.
  const [formSeq, setFormSeq] = useState(0);
  const setEditing = (channel: ChannelDetail | undefined) => {
    if (channel) setFormSeq((n) => n + 1);
    setEditingState(channel);
  };
  const dash = (v: string | number | null) => (v === null || v === '' ? '—' : v);
  const yesNo = (v: boolean) => (v ? t('device.channels.yes') : t('device.channels.no'));

  const columns: TableColumnsType<ChannelDetail> = [
    { key: 'index', dataIndex: 'index', title: t('device.channels.index'), width: 56 },
    { key: 'title', dataIndex: 'channelTitle', title: t('device.channels.name') },
    {
      key: 'cameraType',
      title: t('device.channels.cameraType'),
      render: (_, c) => t(`device.cameraType.${c.cameraType}`),
    },
    {
      key: 'state',
      title: t('device.channels.state'),
      render: (_, c) => <Badge status={CHANNEL_BADGE[c.state]} text={t(`device.channels.states.${c.state}`)} />,
    },
    { key: 'enable', title: t('device.channels.enable'), render: (_, c) => yesNo(c.enable) },
    { key: 'playable', title: t('device.channels.playable'), render: (_, c) => yesNo(c.playable) },
  ];
  if (editable) {
    columns.push({
      key: 'actions',
      title: tc('table.actions'),
      render: (_, c) => (
        <Button type="link" size="small" onClick={() => setEditing(c)}>
          {tc('action.edit')}
        </Button>
      ),
    });
  }

  return (
    <Drawer
      open={device !== null}
      onClose={() => {
        setEditing(undefined);
        onClose();
      }}
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
            <Descriptions.Item label={t('device.field.streamMode')}>
              {t(STREAM_MODE_KEYS[device.streamMode].label)}
            </Descriptions.Item>
            <Descriptions.Item label={t('device.field.vehicle')}>
              {device.vehicle ? t('device.channels.yes') : t('device.channels.no')}
            </Descriptions.Item>
            <Descriptions.Item label={t('device.field.model')}>{dash(device.model)}</Descriptions.Item>
            <Descriptions.Item label={t('device.field.manufacturer')}>{dash(device.manufacturer)}</Descriptions.Item>
            <Descriptions.Item label={t('device.field.address')}>{deviceAddress(device) ?? '—'}</Descriptions.Item>
            <Descriptions.Item label={t('device.field.lastSeen')}>
              {device.lastSeen ? dayjs(device.lastSeen).format('YYYY-MM-DD HH:mm:ss') : t('device.neverSeen')}
            </Descriptions.Item>
            <Descriptions.Item label={t('device.field.channels')}>{device.channelCount}</Descriptions.Item>
            <Descriptions.Item label={t('device.field.uuid')}>{device.uuid}</Descriptions.Item>
            <Descriptions.Item label={t('device.field.tags')} span={2}>
              <DeviceTagsEditor key={device.id} deviceId={device.id} tags={device.tags} editable={editable} />
            </Descriptions.Item>
          </Descriptions>
          <div>
            <Typography.Title level={3} style={{ fontSize: 15 }}>
              {t('device.channels.title')}
            </Typography.Title>
            {channels.isError ? (
              <LoadFailed onRetry={() => void channels.refetch()} />
            ) : (
              <Table<ChannelDetail>
                rowKey="id"
                size="small"
                loading={channels.isFetching}
                dataSource={channels.data}
                pagination={false}
                locale={{ emptyText: <Empty description={t('device.channels.empty')} /> }}
                columns={columns}
              />
            )}
          </div>
          <ChannelEditModal
            key={formSeq}
            deviceId={device.id}
            channel={editing}
            onClose={() => setEditing(undefined)}
          />
        </Flex>
      )}
    </Drawer>
  );
}
