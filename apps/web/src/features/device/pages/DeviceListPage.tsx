// /project/device: the device list (SPEC §2) — filters by project subtree, type, status and text; paging; add, edit, delete;
// the GB28181 settings (regional configuration, SPEC §3) for holders of that privilege.
import { useState } from 'react';
import { App, Button, Card, Empty, Flex, Input, Select, Space, Table, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined, SettingOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { Device } from '@svc/contracts';
import { usePrivilege } from '@/lib/use-privilege';
import { LoadFailed } from '@/components/LoadFailed';
import { useConfirmDelete } from '@/components/use-confirm-action';
import { ProjectTreeSelect } from '@/components/ProjectTreeSelect';
import { useMyProjectsQuery } from '@/features/project/api/projects-query';
import { useDeleteDevicesMutation } from '../api/device-delete-mutation';
import { useDevicesQuery, type DeviceFilters } from '../api/devices-query';
import { DeviceDetailDrawer } from '../components/DeviceDetailDrawer';
import { DEVICE_TYPES, DeviceFormModal } from '../components/DeviceFormModal';
import { DEVICE_TABLE_MIN_WIDTH, useDeviceColumns } from '../components/device-columns';
import { Gb28181SettingsDrawer } from '../components/Gb28181SettingsDrawer';

const PAGE_SIZES = [10, 20, 50, 100];
/** The server's limit on the search text (DeviceQuerySchema). */
const SEARCH_MAX = 64;
const STATUSES = ['online', 'dormancy', 'offline'] as const;

/** The tree's "more" link opens this page with `?projectId=`; a number or nothing. */
export function projectIdParam(value: string | null): number | undefined {
  const id = Number(value);
  return value && Number.isInteger(id) && id > 0 ? id : undefined;
}

export default function DeviceListPage() {
  const { t } = useTranslation('project');
  const { t: tc } = useTranslation('common');
  const { message } = App.useApp();
  const confirm = useConfirmDelete();
  const can = usePrivilege();
  const [params, setParams] = useSearchParams();
  const projectId = projectIdParam(params.get('projectId'));
  const [filters, setFilters] = useState<Omit<DeviceFilters, 'page' | 'size' | 'projectId'>>({});
  const [text, setText] = useState('');
  const [paging, setPaging] = useState({ page: 1, size: 20 });
  const projects = useMyProjectsQuery({ enabled: can('project') });
  const forest = projects.data ?? [];
  const devices = useDevicesQuery({ ...filters, projectId, ...paging });
  const remove = useDeleteDevicesMutation();
  const [selected, setSelected] = useState<number[]>([]);
  const [editing, setEditingState] = useState<Device | null | undefined>(undefined);
  // Each opening gets a fresh dialog, so its form starts from this device's values, never the previous one's.
  const [formSeq, setFormSeq] = useState(0);
  const setEditing = (device: Device | null | undefined) => {
    if (device !== undefined) setFormSeq((n) => n + 1);
    setEditingState(device);
  };
  const [viewing, setViewing] = useState<Device | null>(null);
  const [settingsOpen, setSettingsOpen] = useState(false);

  function filter(next: Partial<typeof filters>) {
    setFilters((f) => ({ ...f, ...next }));
    setPaging((p) => ({ ...p, page: 1 }));
  }

  function chooseProject(id: number | undefined) {
    setParams(id ? { projectId: String(id) } : {}, { replace: true });
    setPaging((p) => ({ ...p, page: 1 }));
  }

  function confirmDelete(ids: number[], title: string) {
    // SPEC §5: a batch action needs at least one selected row.
    if (ids.length === 0) {
      void message.warning(tc('validation.selectOne'));
      return;
    }
    confirm({
      title,
      content: t('device.deleteContent'),
      run: () => remove.mutateAsync(ids),
      done: t('device.deleted'),
      onDone: () => setSelected((s) => s.filter((id) => !ids.includes(id))),
    });
  }

  const columns = useDeviceColumns({
    can,
    onView: setViewing,
    onEdit: setEditing,
    onDelete: (d) => confirmDelete([d.id], t('device.deleteTitle', { name: d.devName })),
    now: devices.dataUpdatedAt || Date.now(),
  });

  return (
    <Flex vertical gap={16}>
      <Typography.Title level={1} className="device-title" style={{ fontSize: 20, margin: 0 }}>
        {t('device.title')}
      </Typography.Title>
      <Card>
        <Flex vertical gap={16}>
          <Flex gap={12} wrap className="device-filters">
            <ProjectTreeSelect
              forest={forest}
              value={projectId}
              onChange={chooseProject}
              allowClear
              loading={projects.isFetching}
              placeholder={t('device.filter.allProjects')}
              aria-label={t('device.filter.project')}
              className="device-filter-project"
              style={{ width: 220 }}
            />
            <Select
              allowClear
              style={{ width: 160 }}
              aria-label={t('device.filter.type')}
              placeholder={t('device.filter.allTypes')}
              value={filters.devType}
              onChange={(devType) => filter({ devType })}
              options={DEVICE_TYPES.map((type) => ({ value: type, label: t(`device.type.${type}`) }))}
            />
            <Select
              allowClear
              style={{ width: 140 }}
              aria-label={t('device.filter.status')}
              placeholder={t('device.filter.allStatuses')}
              value={filters.status}
              onChange={(status) => filter({ status })}
              options={STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))}
            />
            <Input.Search
              allowClear
              style={{ width: 320 }}
              aria-label={t('device.filter.text')}
              placeholder={t('device.filter.text')}
              value={text}
              // Not maxLength: it would cut a pasted text without a word. Too long is marked and said instead.
              status={text.trim().length > SEARCH_MAX ? 'error' : undefined}
              onChange={(e) => setText(e.target.value)}
              onSearch={(value) => {
                if (value.trim().length > SEARCH_MAX) {
                  void message.warning(tc('validation.maxLength', { max: SEARCH_MAX }));
                  return;
                }
                filter({ text: value.trim() || undefined });
              }}
              enterButton={tc('action.search')}
            />
          </Flex>
          <Flex justify="space-between" align="center" wrap gap={8}>
            <Space wrap>
              {can('device-add') && (
                <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing(null)}>
                  {t('device.add')}
                </Button>
              )}
              {can('device-delete') && (
                <Button
                  icon={<DeleteOutlined />}
                  onClick={() => confirmDelete(selected, t('device.batchDeleteTitle', { count: selected.length }))}
                >
                  {t('device.batchDelete')}
                </Button>
              )}
              {can('GB28181') && (
                <Button icon={<SettingOutlined />} onClick={() => setSettingsOpen(true)}>
                  {t('device.regional.open')}
                </Button>
              )}
            </Space>
            {selected.length > 0 && (
              <Typography.Text type="secondary">{t('device.selected', { count: selected.length })}</Typography.Text>
            )}
          </Flex>
          {devices.isError && !devices.data ? (
            <LoadFailed onRetry={() => void devices.refetch()} />
          ) : (
            <Table<Device>
              rowKey="id"
              size="middle"
              columns={columns}
              dataSource={devices.data?.list}
              loading={devices.isFetching}
              tableLayout="fixed"
              scroll={{ x: DEVICE_TABLE_MIN_WIDTH }}
              rowSelection={
                can('device-delete')
                  ? { selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(Number)) }
                  : undefined
              }
              locale={{ emptyText: <Empty description={t('device.empty')} /> }}
              pagination={{
                current: paging.page,
                pageSize: paging.size,
                total: devices.data?.total ?? 0,
                pageSizeOptions: PAGE_SIZES,
                showSizeChanger: true,
                showTotal: (total) =>
                  tc(devices.data?.totalCapped ? 'list.totalCapped' : 'list.total', { count: total }),
                onChange: (page, size) => setPaging({ page: size === paging.size ? page : 1, size }),
              }}
            />
          )}
        </Flex>
      </Card>
      <DeviceFormModal
        key={formSeq}
        device={editing}
        forest={forest}
        defaultProjectId={projectId}
        onClose={() => setEditing(undefined)}
      />
      <DeviceDetailDrawer device={viewing} onClose={() => setViewing(null)} />
      <Gb28181SettingsDrawer open={settingsOpen} onClose={() => setSettingsOpen(false)} />
    </Flex>
  );
}
