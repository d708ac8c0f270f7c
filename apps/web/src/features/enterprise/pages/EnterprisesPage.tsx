// /platform/enterprise: the platform super administrator's enterprises — list, add with a main account, rename, enable/disable, unlock the main account's sign-in.
import { useState } from 'react';
import { Button, Card, Empty, Flex, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '@/components/LoadFailed';
import { useConfirmAction } from '@/components/use-confirm-action';
import { FilterBar } from '@/components/FilterBar';
import { useEnterpriseStatusMutation } from '../api/enterprise-status-mutation';
import { useUnlockEnterpriseMutation } from '../api/enterprise-unlock-mutation';
import { useEnterprisesQuery, type Enterprise } from '../api/enterprises-query';
import { EnterpriseFormModal } from '../components/EnterpriseFormModal';

interface Filters {
  name?: string;
  status?: 0 | 1;
}

export default function EnterprisesPage() {
  const { t } = useTranslation('platform');
  const { t: tc } = useTranslation('common');
  const confirm = useConfirmAction();
  const [filters, setFilters] = useState<Filters>({});
  const [paging, setPaging] = useState({ page: 1, size: 20 });
  const list = useEnterprisesQuery({ ...filters, ...paging });
  const status = useEnterpriseStatusMutation();
  const unlock = useUnlockEnterpriseMutation();
  const [editing, setEditing] = useState<Enterprise | null | undefined>(undefined);

  const confirmStatus = (e: Enterprise) => {
    const disabling = e.status === 1;
    confirm({
      title: t(disabling ? 'enterprises.disable.title' : 'enterprises.enable.title', { name: e.name }),
      content: t(disabling ? 'enterprises.disable.content' : 'enterprises.enable.content'),
      danger: disabling,
      run: () => status.mutateAsync({ id: e.id, status: disabling ? 0 : 1 }),
      done: t('enterprises.statusChanged'),
    });
  };

  const confirmUnlock = (e: Enterprise) =>
    confirm({
      title: t('enterprises.unlock.title', { name: e.name }),
      content: t('enterprises.unlock.content'),
      okText: t('enterprises.unlock.action'),
      run: () => unlock.mutateAsync(e.id),
      done: t('enterprises.unlocked'),
    });

  const columns: TableColumnsType<Enterprise> = [
    { key: 'name', dataIndex: 'name', title: t('enterprises.field.name') },
    {
      key: 'mainLoginName',
      dataIndex: 'mainLoginName',
      title: t('enterprises.field.mainAccount'),
      width: 180,
      render: (v: string | null) => v ?? <Typography.Text type="secondary">—</Typography.Text>,
    },
    {
      key: 'employeeCount',
      dataIndex: 'employeeCount',
      title: t('enterprises.field.staff'),
      width: 100,
      align: 'right',
    },
    {
      key: 'status',
      dataIndex: 'status',
      title: t('enterprises.field.status'),
      width: 100,
      render: (v: 0 | 1) =>
        v === 1 ? (
          <Tag color="green">{t('enterprises.status.enabled')}</Tag>
        ) : (
          <Tag>{t('enterprises.status.disabled')}</Tag>
        ),
    },
    {
      key: 'createdAt',
      dataIndex: 'createdAt',
      title: t('enterprises.field.createdAt'),
      width: 160,
      render: (v: string) => dayjs(v).format('YYYY-MM-DD HH:mm'),
    },
    {
      key: 'actions',
      title: tc('table.actions'),
      width: 280,
      render: (_, e) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => setEditing(e)}>
            {t('enterprises.rename.action')}
          </Button>
          <Button type="link" size="small" danger={e.status === 1} onClick={() => confirmStatus(e)}>
            {e.status === 1 ? t('enterprises.disable.action') : t('enterprises.enable.action')}
          </Button>
          {e.mainLoginName && (
            <Button type="link" size="small" onClick={() => confirmUnlock(e)}>
              {t('enterprises.unlock.action')}
            </Button>
          )}
        </Space>
      ),
    },
  ];

  return (
    <Flex vertical gap={16}>
      <Typography.Title level={1} style={{ fontSize: 22, margin: 0 }}>
        {t('enterprises.title')}
      </Typography.Title>
      <Card>
        <Flex vertical gap={12}>
          <Flex justify="space-between" wrap gap={12}>
            <FilterBar<Filters>
              name="enterpriseFilter"
              fields={[
                { name: 'name', label: t('enterprises.field.name'), max: 64, width: 200 },
                {
                  name: 'status',
                  label: t('enterprises.field.status'),
                  width: 120,
                  options: [
                    { value: 1, label: t('enterprises.status.enabled') },
                    { value: 0, label: t('enterprises.status.disabled') },
                  ],
                },
              ]}
              onSearch={(next) => {
                setFilters(next);
                setPaging((p) => ({ ...p, page: 1 }));
              }}
            />
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing(null)}>
              {t('enterprises.add')}
            </Button>
          </Flex>
          {list.isError && !list.data ? (
            <LoadFailed onRetry={() => void list.refetch()} />
          ) : (
            <Table<Enterprise>
              rowKey="id"
              size="middle"
              columns={columns}
              dataSource={list.data?.list}
              loading={list.isFetching}
              locale={{ emptyText: <Empty description={t('enterprises.empty')} /> }}
              pagination={{
                current: paging.page,
                pageSize: paging.size,
                total: list.data?.total ?? 0,
                showSizeChanger: true,
                showTotal: (total) => tc(list.data?.totalCapped ? 'list.totalCapped' : 'list.total', { count: total }),
                onChange: (page, size) => setPaging({ page: size === paging.size ? page : 1, size }),
              }}
            />
          )}
        </Flex>
      </Card>
      <EnterpriseFormModal enterprise={editing} onClose={() => setEditing(undefined)} />
    </Flex>
  );
}
