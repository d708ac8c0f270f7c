// The devices and channels a group grants, in its editor: a page of devices, each recorder's named channels
// (or all of them), removal, and the picker to add more.
import { useMemo, useState } from 'react';
import { App, Button, Empty, Flex, Popconfirm, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '@/components/LoadFailed';
import { useGroupChannelsQuery } from '../api/group-channels-query';
import { GROUP_DEVICES_PAGE, useGroupDevicesQuery, type GroupDevice } from '../api/group-devices-query';
import { useGroupGrantsMutation } from '../api/group-grants-mutation';
import type { Group } from '../api/groups-query';
import { DevicePickerModal } from './DevicePickerModal';
import { channelsByDevice } from './group-grants';

export function GroupDevicesPanel({ group, editable }: { group: Group; editable: boolean }) {
  const { t } = useTranslation('user');
  const { t: tc } = useTranslation('common');
  const { message } = App.useApp();
  const [page, setPage] = useState(1);
  const [picking, setPicking] = useState(false);
  const devices = useGroupDevicesQuery(group.id, page);
  const channels = useGroupChannelsQuery(group.id);
  const named = useMemo(() => channelsByDevice(channels.data ?? []), [channels.data]);
  const change = useGroupGrantsMutation();

  const done = (promise: Promise<void>) =>
    promise.then(
      () => void message.success(t('groups.devices.removed')),
      () => undefined,
    );

  const columns: TableColumnsType<GroupDevice> = [
    { key: 'devName', dataIndex: 'devName', title: t('groups.devices.field.name'), ellipsis: true },
    { key: 'sn', dataIndex: 'sn', title: t('groups.devices.field.sn'), width: 170 },
    { key: 'devType', dataIndex: 'devType', title: t('groups.devices.field.type'), width: 70 },
    {
      key: 'channels',
      title: t('groups.devices.field.channels'),
      render: (_, d) => {
        const some = named.get(d.id);
        if (!some) return <Typography.Text type="secondary">{t('groups.devices.allChannels')}</Typography.Text>;
        return (
          <Flex wrap gap={4}>
            {some.map((c) => (
              <Tag
                key={c.id}
                closable={editable}
                onClose={(e) => {
                  // The list refreshes from the server; antd must not hide the tag on its own.
                  e.preventDefault();
                  void done(change.mutateAsync({ kind: 'removeChannels', groupId: group.id, channelIds: [c.id] }));
                }}
              >
                {`${c.index}. ${c.channelTitle}`}
              </Tag>
            ))}
          </Flex>
        );
      },
    },
  ];
  if (editable)
    columns.push({
      key: 'actions',
      title: tc('table.actions'),
      width: 90,
      render: (_, d) => (
        <Popconfirm
          title={t('groups.devices.removeTitle', { name: d.devName })}
          description={t('groups.devices.removeContent')}
          okText={t('groups.devices.remove')}
          okButtonProps={{ danger: true }}
          cancelText={tc('action.cancel')}
          onConfirm={() => done(change.mutateAsync({ kind: 'removeDevice', groupId: group.id, deviceId: d.id }))}
        >
          <Button type="link" size="small" danger>
            {t('groups.devices.remove')}
          </Button>
        </Popconfirm>
      ),
    });

  if (devices.isError || channels.isError)
    return (
      <LoadFailed
        onRetry={() => {
          void devices.refetch();
          void channels.refetch();
        }}
      />
    );
  return (
    <Flex vertical gap={12}>
      <Flex justify="space-between" align="start" gap={16}>
        <Typography.Text type="secondary">{t('groups.devices.hint')}</Typography.Text>
        {editable && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setPicking(true)}>
            {t('groups.devices.add')}
          </Button>
        )}
      </Flex>
      <Table<GroupDevice>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={devices.data?.list}
        loading={devices.isFetching || channels.isPending}
        pagination={{
          current: page,
          pageSize: GROUP_DEVICES_PAGE,
          total: devices.data?.total ?? 0,
          showSizeChanger: false,
          hideOnSinglePage: true,
          onChange: setPage,
        }}
        locale={{ emptyText: <Empty description={t('groups.devices.empty')} /> }}
      />
      {picking && <DevicePickerModal group={group} onClose={() => setPicking(false)} />}
    </Flex>
  );
}
