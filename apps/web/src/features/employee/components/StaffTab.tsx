// Staff tab of /user/role-employee: search, paged table, batch enable/disable, add, edit, passwords and import.
import { useState } from 'react';
import { App, Button, Empty, Flex, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { PlusOutlined, UploadOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import type { Employee } from '@svc/contracts';
import { useTranslation } from 'react-i18next';
import { usePrivilege } from '../../../app/layout/use-privilege';
import { LoadFailed } from '../../../components/LoadFailed';
import { useRolesQuery } from '../../role/api/roles-query';
import { useDepartmentsQuery } from '../api/departments-query';
import { useEmployeeStatusMutation } from '../api/employee-status-mutation';
import { useEmployeesQuery } from '../api/employees-query';
import { EmployeeFormModal } from './EmployeeFormModal';
import { EmployeePasswordModal } from './EmployeePasswordModal';
import { ImportModal } from './ImportModal';
import { StaffFilters, type StaffFilterValues } from './StaffFilters';
import { StaffRowActions } from './StaffRowActions';

const PAGE_SIZES = [10, 20, 50, 100];

export function StaffTab() {
  const { t } = useTranslation('user');
  const { t: tc } = useTranslation('common');
  const { message, modal } = App.useApp();
  const can = usePrivilege();
  const [filters, setFilters] = useState<StaffFilterValues>({});
  const [paging, setPaging] = useState({ page: 1, size: 20 });
  const staff = useEmployeesQuery({ ...filters, ...paging });
  const roles = useRolesQuery({ enabled: can('role') });
  const departments = useDepartmentsQuery();
  const status = useEmployeeStatusMutation();
  const [selected, setSelected] = useState<number[]>([]);
  const [editing, setEditing] = useState<Employee | null | undefined>(undefined);
  const [passwordFor, setPasswordFor] = useState<Employee | null>(null);
  const [importing, setImporting] = useState(false);

  // SPEC §5: a batch action needs at least one selected row.
  const batch = (next: 0 | 1) => {
    if (selected.length === 0) {
      void message.warning(tc('validation.selectOne'));
      return;
    }
    modal.confirm({
      title: t(next === 1 ? 'staff.batch.enableTitle' : 'staff.batch.disableTitle', { count: selected.length }),
      content: next === 0 ? t('staff.disable.content') : undefined,
      okText: tc('action.confirm'),
      cancelText: tc('action.cancel'),
      onOk: () =>
        status.mutateAsync({ ids: selected, status: next }).then(
          () => {
            setSelected([]);
            void message.success(t('staff.statusChanged'));
          },
          () => undefined,
        ),
    });
  };

  const columns: TableColumnsType<Employee> = [
    { key: 'loginName', dataIndex: 'loginName', title: t('staff.field.loginName'), width: 150, fixed: 'left' },
    { key: 'name', dataIndex: 'name', title: t('staff.field.name'), width: 120 },
    {
      key: 'status',
      dataIndex: 'status',
      title: t('staff.field.status'),
      width: 90,
      render: (value: 0 | 1) =>
        value === 1 ? <Tag color="green">{t('staff.status.enabled')}</Tag> : <Tag>{t('staff.status.disabled')}</Tag>,
    },
    {
      key: 'roles',
      title: t('staff.field.roles'),
      width: 180,
      render: (_, e) => (
        <Flex wrap gap={4}>
          {e.roles.map((r) => (
            <Tag key={r.id} color="blue" variant="outlined" style={{ marginInlineEnd: 0 }}>
              {r.roleName}
            </Tag>
          ))}
        </Flex>
      ),
    },
    { key: 'department', dataIndex: 'department', title: t('staff.field.department'), width: 120, render: dash },
    { key: 'group', dataIndex: 'groupName', title: t('staff.field.group'), width: 120, render: dash },
    { key: 'mobile', dataIndex: 'mobile', title: t('staff.field.mobile'), width: 130, render: dash },
    { key: 'email', dataIndex: 'email', title: t('staff.field.email'), width: 180, ellipsis: true, render: dash },
    {
      key: 'createdAt',
      dataIndex: 'createdAt',
      title: t('staff.field.createdAt'),
      width: 150,
      render: (value: string) => dayjs(value).format('YYYY-MM-DD HH:mm'),
    },
    {
      key: 'actions',
      title: tc('table.actions'),
      width: 210,
      fixed: 'right',
      render: (_, e) => <StaffRowActions employee={e} onEdit={setEditing} onSetPassword={setPasswordFor} />,
    },
  ];

  return (
    <Flex vertical gap={12}>
      <StaffFilters
        roles={roles.data}
        departments={departments.data}
        onSearch={(next) => {
          setFilters(next);
          setPaging((p) => ({ ...p, page: 1 }));
          setSelected([]);
        }}
      />
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Space wrap>
          {can('user-add') && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing(null)}>
              {t('staff.add')}
            </Button>
          )}
          {can('user-import') && (
            <Button icon={<UploadOutlined />} onClick={() => setImporting(true)}>
              {t('import.action')}
            </Button>
          )}
          {can('user-status') && (
            <>
              <Button onClick={() => batch(1)}>{t('staff.batch.enable')}</Button>
              <Button onClick={() => batch(0)}>{t('staff.batch.disable')}</Button>
            </>
          )}
        </Space>
        {selected.length > 0 && (
          <Typography.Text type="secondary">{t('staff.selected', { count: selected.length })}</Typography.Text>
        )}
      </Flex>
      {staff.isError && !staff.data ? (
        <LoadFailed onRetry={() => void staff.refetch()} />
      ) : (
        <Table<Employee>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={staff.data?.list}
          loading={staff.isFetching}
          scroll={{ x: 1450 }}
          rowSelection={
            can('user-status')
              ? { selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(Number)) }
              : undefined
          }
          locale={{ emptyText: <Empty description={t('staff.empty')} /> }}
          pagination={{
            current: paging.page,
            pageSize: paging.size,
            total: staff.data?.total ?? 0,
            pageSizeOptions: PAGE_SIZES,
            showSizeChanger: true,
            showTotal: (total) => tc(staff.data?.totalCapped ? 'list.totalCapped' : 'list.total', { count: total }),
            onChange: (page, size) => setPaging({ page: size === paging.size ? page : 1, size }),
          }}
        />
      )}
      <EmployeeFormModal employee={editing} onClose={() => setEditing(undefined)} />
      <EmployeePasswordModal employee={passwordFor} onClose={() => setPasswordFor(null)} />
      <ImportModal open={importing} onClose={() => setImporting(false)} />
    </Flex>
  );
}

function dash(value: string | null) {
  return value || <Typography.Text type="secondary">—</Typography.Text>;
}
