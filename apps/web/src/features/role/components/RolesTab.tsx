// Roles tab of /user/role-employee: the list with add, edit (privilege tree), copy, staff assignment and delete (SPEC §6).
import { useState } from 'react';
import { Button, Empty, Flex, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import type { Role } from '@svc/contracts';
import { useTranslation } from 'react-i18next';
import { usePrivilege } from '@/lib/use-privilege';
import { LoadFailed } from '@/components/LoadFailed';
import { clipped } from '@/components/table-cells';
import { useConfirmDelete } from '@/components/use-confirm-action';
import { useDeleteRoleMutation } from '../api/role-delete-mutation';
import { useRolesQuery } from '../api/roles-query';
import { CopyRoleModal } from './CopyRoleModal';
import { RoleEditorDrawer } from './RoleEditorDrawer';
import { RoleStaffModal } from './RoleStaffModal';

export function RolesTab() {
  const { t } = useTranslation('user');
  const { t: tc } = useTranslation('common');
  const confirm = useConfirmDelete();
  const can = usePrivilege();
  const roles = useRolesQuery();
  const remove = useDeleteRoleMutation();
  const [editor, setEditor] = useState<{ role: Role | null; open: boolean }>({ role: null, open: false });
  const [copying, setCopying] = useState<Role | null>(null);
  const [staffOf, setStaffOf] = useState<Role | null>(null);

  // A 409 (staff still hold it) shows as the server's message; the dialog closes either way.
  const confirmDelete = (role: Role) =>
    confirm({
      title: t('roles.delete.title', { name: role.roleName }),
      content: t('roles.delete.content'),
      run: () => remove.mutateAsync(role.id),
      done: t('roles.deleted'),
    });

  const columns: TableColumnsType<Role> = [
    { key: 'roleName', title: t('roles.field.name'), width: 200, ...clipped((r) => r.roleName) },
    { key: 'remark', title: t('roles.field.remark'), ...clipped((r) => r.remark) },
    {
      key: 'privileges',
      title: t('roles.field.privileges'),
      width: 140,
      render: (_, role) => <Tag color="blue">{t('roles.privilegeCount', { count: role.privilegeKeys.length })}</Tag>,
    },
    { key: 'employeeCount', dataIndex: 'employeeCount', title: t('roles.field.staff'), width: 100, align: 'right' },
    {
      key: 'actions',
      title: tc('table.actions'),
      width: 300,
      render: (_, role) => (
        <Space size={0} wrap>
          <Button type="link" size="small" onClick={() => setEditor({ role, open: true })}>
            {can('role-edit') ? tc('action.edit') : tc('action.view')}
          </Button>
          {can('role-edit') && (
            <Button type="link" size="small" onClick={() => setStaffOf(role)}>
              {t('roles.staff.action')}
            </Button>
          )}
          {can('role-add') && (
            <Button type="link" size="small" onClick={() => setCopying(role)}>
              {t('roles.copy.action')}
            </Button>
          )}
          {can('role-delete') && (
            <Button type="link" size="small" danger onClick={() => confirmDelete(role)}>
              {tc('action.delete')}
            </Button>
          )}
        </Space>
      ),
    },
  ];

  if (roles.isError) return <LoadFailed onRetry={() => void roles.refetch()} />;
  return (
    <Flex vertical gap={12}>
      <Flex justify="space-between" align="center">
        <Typography.Text type="secondary">{t('roles.hint')}</Typography.Text>
        {can('role-add') && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditor({ role: null, open: true })}>
            {t('roles.add')}
          </Button>
        )}
      </Flex>
      <Table<Role>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={roles.data}
        loading={roles.isPending}
        pagination={false}
        locale={{ emptyText: <Empty description={t('roles.empty')} /> }}
      />
      <RoleEditorDrawer
        key={editor.role?.id ?? 'new'}
        role={editor.role}
        open={editor.open}
        readOnly={!can(editor.role ? 'role-edit' : 'role-add')}
        onClose={() => setEditor((e) => ({ ...e, open: false }))}
      />
      <CopyRoleModal role={copying} onClose={() => setCopying(null)} />
      {staffOf && <RoleStaffModal key={staffOf.id} role={staffOf} onClose={() => setStaffOf(null)} />}
    </Flex>
  );
}
