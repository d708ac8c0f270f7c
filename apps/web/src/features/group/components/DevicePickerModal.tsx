// Picks devices, and channels of NVRs and DVRs, to add to a device group: the caller's project tree, its devices
// (searchable by name or serial number) and each recorder's channels, with what is already in the group marked.
import { useMemo, useState } from 'react';
import { Alert, App, Checkbox, Empty, Flex, Input, Modal, Spin, Table, Tag, Tree, Typography } from 'antd';
import type { TableColumnsType, TreeDataNode } from 'antd';
import type { Device, ProjectNode } from '@svc/contracts';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/lib/api/client';
import { usePrivilege } from '@/lib/use-privilege';
import { LoadFailed } from '@/components/LoadFailed';
import { useChannelsQuery } from '@/features/device/api/device-channels-query';
import { useDevicesQuery } from '@/features/device/api/devices-query';
import { useMyProjectsQuery } from '@/features/project/api/projects-query';
import { useGroupChannelsQuery } from '../api/group-channels-query';
import { useGroupDeviceIdsQuery } from '../api/group-device-ids-query';
import { useGroupGrantsMutation } from '../api/group-grants-mutation';
import type { Group } from '../api/groups-query';
import {
  addRequest,
  channelsPickedOf,
  NOTHING_PICKED,
  pickChannels,
  pickCount,
  pickDevices,
  type InGroup,
  type Picked,
} from './group-grants';

const PAGE_SIZE = 10;
const ALL = 'all';
const isRecorder = (d: Pick<Device, 'devType'>) => d.devType !== 'IPC';

function projectNodes(nodes: readonly ProjectNode[]): TreeDataNode[] {
  return nodes.map((n) => ({ key: n.id, title: n.title, children: projectNodes(n.children) }));
}

export function DevicePickerModal({ group, onClose }: { group: Group; onClose: () => void }) {
  const { t } = useTranslation('user');
  const { t: tc } = useTranslation('common');
  const { message } = App.useApp();
  const can = usePrivilege();
  const mayPick = can('device');
  const [projectId, setProjectId] = useState<number>();
  const [text, setText] = useState('');
  const [page, setPage] = useState(1);
  const [picked, setPicked] = useState<Picked>(NOTHING_PICKED);
  const [failure, setFailure] = useState<string>();
  const projects = useMyProjectsQuery({ enabled: mayPick && can('project') });
  const devices = useDevicesQuery({ page, size: PAGE_SIZE, projectId, ...(text ? { text } : {}) });
  const inDevices = useGroupDeviceIdsQuery(group.id);
  const inChannels = useGroupChannelsQuery(group.id);
  const add = useGroupGrantsMutation();
  const inGroup: InGroup = useMemo(
    () => ({
      deviceIds: inDevices.data ?? new Set(),
      channelIds: new Set((inChannels.data ?? []).map((c) => c.id)),
    }),
    [inDevices.data, inChannels.data],
  );
  const count = pickCount(picked, inGroup);
  const treeData = useMemo(
    () => [{ key: ALL, title: t('groups.picker.allProjects') }, ...projectNodes(projects.data ?? [])],
    [projects.data, t],
  );

  async function submit() {
    setFailure(undefined);
    try {
      await add.mutateAsync({ kind: 'add', groupId: group.id, ...addRequest(picked, inGroup) });
      void message.success(t('groups.picker.added'));
      onClose();
    } catch (e) {
      setFailure(isApiError(e) ? e.message : String(e));
    }
  }

  const columns: TableColumnsType<Device> = [
    {
      key: 'devName',
      title: t('groups.devices.field.name'),
      ellipsis: true,
      render: (_, d) => (
        <Flex gap={6} align="center">
          <Typography.Text ellipsis>{d.devName}</Typography.Text>
          {inGroup.deviceIds.has(d.id) && <Tag color="green">{t('groups.picker.inGroup')}</Tag>}
        </Flex>
      ),
    },
    { key: 'sn', dataIndex: 'sn', title: t('groups.devices.field.sn'), width: 170 },
    { key: 'devType', dataIndex: 'devType', title: t('groups.devices.field.type'), width: 70 },
    { key: 'projectName', dataIndex: 'projectName', title: t('groups.picker.project'), width: 130, ellipsis: true },
  ];

  const body = !mayPick ? (
    <Alert type="info" showIcon title={t('groups.picker.noDeviceAccess')} />
  ) : devices.isError ? (
    <LoadFailed onRetry={() => void devices.refetch()} />
  ) : (
    <Flex gap={16} className="group-picker">
      <div className="group-picker-projects">
        <Typography.Text type="secondary">{t('groups.picker.project')}</Typography.Text>
        {projects.isPending && can('project') ? (
          <Spin className="org-tree-spin" />
        ) : (
          <Tree
            blockNode
            defaultExpandAll
            treeData={treeData}
            selectedKeys={[projectId ?? ALL]}
            onSelect={(keys) => {
              const key = keys[0];
              // Clicking the chosen node again keeps it chosen rather than choosing nothing.
              if (key === undefined) return;
              setProjectId(key === ALL ? undefined : Number(key));
              setPage(1);
            }}
          />
        )}
      </div>
      <Flex vertical gap={8} className="group-picker-devices">
        <Input.Search
          allowClear
          placeholder={t('groups.picker.search')}
          aria-label={t('groups.picker.search')}
          onSearch={(value) => {
            setText(value.trim());
            setPage(1);
          }}
        />
        <Table<Device>
          rowKey="id"
          size="small"
          columns={columns}
          dataSource={devices.data?.list}
          loading={devices.isFetching || inDevices.isPending}
          rowClassName={(d) => (inGroup.deviceIds.has(d.id) ? 'group-picker-in' : '')}
          rowSelection={{
            preserveSelectedRowKeys: true,
            selectedRowKeys: [...inGroup.deviceIds, ...picked.deviceIds],
            getCheckboxProps: (d) => ({ disabled: inGroup.deviceIds.has(d.id) }),
            onChange: (keys) =>
              setPicked((p) =>
                pickDevices(
                  p,
                  keys.map(Number).filter((id) => !inGroup.deviceIds.has(id)),
                ),
              ),
          }}
          expandable={{
            rowExpandable: isRecorder,
            expandedRowRender: (d) => (
              <ChannelChoice
                device={d}
                deviceInGroup={inGroup.deviceIds.has(d.id)}
                picked={channelsPickedOf(picked, d.id)}
                inGroup={inGroup.channelIds}
                onChange={(ids) => setPicked((p) => pickChannels(p, d.id, ids))}
              />
            ),
          }}
          pagination={{
            current: page,
            pageSize: PAGE_SIZE,
            total: devices.data?.total ?? 0,
            showSizeChanger: false,
            size: 'small',
            onChange: setPage,
          }}
          locale={{ emptyText: <Empty description={t('groups.picker.none')} /> }}
        />
      </Flex>
    </Flex>
  );

  return (
    <Modal
      title={t('groups.picker.title', { name: group.name })}
      open
      width={980}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={t('groups.picker.submit')}
      cancelText={tc('action.cancel')}
      okButtonProps={{ disabled: count.devices + count.channels === 0 }}
      confirmLoading={add.isPending}
    >
      {failure && <Alert type="error" showIcon title={failure} style={{ marginBottom: 12 }} />}
      <Flex justify="space-between" gap={16} className="group-picker-summary">
        <Typography.Text type="secondary">{t('groups.picker.hint')}</Typography.Text>
        <Typography.Text strong>
          {t('groups.picker.chosen', { devices: count.devices, channels: count.channels })}
        </Typography.Text>
      </Flex>
      {body}
    </Modal>
  );
}

/** The channels of one recorder as check boxes; those already in the group are checked and fixed. */
function ChannelChoice({
  device,
  deviceInGroup,
  picked,
  inGroup,
  onChange,
}: {
  device: Device;
  /** The recorder is in the group already. */
  deviceInGroup: boolean;
  picked: number[];
  inGroup: ReadonlySet<number>;
  onChange: (ids: number[]) => void;
}) {
  const { t } = useTranslation('user');
  const channels = useChannelsQuery(device.id);
  if (channels.isPending) return <Spin size="small" />;
  if (channels.isError) return <LoadFailed onRetry={() => void channels.refetch()} />;
  if (channels.data.length === 0)
    return <Typography.Text type="secondary">{t('groups.picker.noChannels')}</Typography.Text>;
  const fixed = channels.data.filter((c) => inGroup.has(c.id)).map((c) => c.id);
  return (
    <Flex vertical gap={4}>
      <Typography.Text type="secondary">{t('groups.picker.channelsOf', { name: device.devName })}</Typography.Text>
      {/* In the group with none named, it grants every channel: naming some narrows it to those. */}
      {deviceInGroup && fixed.length === 0 && (
        <Typography.Text type="warning">{t('groups.picker.narrows')}</Typography.Text>
      )}
      <Checkbox.Group
        aria-label={t('groups.picker.channelsOf', { name: device.devName })}
        value={[...fixed, ...picked]}
        onChange={(ids) => onChange(ids.map(Number).filter((id) => !inGroup.has(id)))}
        options={channels.data.map((c) => ({
          value: c.id,
          label: `${c.index}. ${c.channelTitle}`,
          disabled: inGroup.has(c.id),
        }))}
      />
    </Flex>
  );
}
