// Device groups tab of /user/role-employee: list, add, edit, open/close, delete once closed (SPEC §4), and each
// group's editor of devices, channels and staff.
import { useState } from 'react';
import { Button, Empty, Flex, Space, Table, Tag, Tooltip, Typography, type TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { usePrivilege } from '@/lib/use-privilege';
import { LoadFailed } from '@/components/LoadFailed';
import { clipped } from '@/components/table-cells';
import { useConfirmAction, useConfirmDelete } from '@/components/use-confirm-action';
import { useDeleteGroupMutation } from '../api/group-delete-mutation';
import { useSaveGroupMutation } from '../api/group-save-mutation';
import { useGroupsQuery, type Group } from '../api/groups-query';
import { GroupEditorDrawer } from './GroupEditorDrawer';
import { GroupFormModal } from './GroupFormModal';

export function GroupsTab() {
  const { t } = useTranslation('user');
  const { t: tc } = useTranslation('common');
  const confirm = useConfirmAction();
  const confirmRemoval = useConfirmDelete();
  const can = usePrivilege();
  const groups = useGroupsQuery();
  const toggle = useSaveGroupMutation({ quiet: false });
  const remove = useDeleteGroupMutation();
  const [editing, setEditing] = useState<Group | null | undefined>(undefined);
  const [opened, setOpened] = useState<Group | null>(null);
  const editable = can('group-edit');

  const confirmState = (group: Group) => {
    const closing = group.state === 'open';
    confirm({
      title: t(closing ? 'groups.close.title' : 'groups.open.title', { name: group.name }),
      content: t(closing ? 'groups.close.content' : 'groups.open.content'),
      run: () =>
        toggle.mutateAsync({
          id: group.id,
          name: group.name,
          remark: group.remark ?? undefined,
          state: closing ? 'closed' : 'open',
        }),
      done: t('groups.saved'),
    });
  };

  const confirmDelete = (group: Group) =>
    confirmRemoval({
      title: t('groups.delete.title', { name: group.name }),
      content: t('groups.delete.content'),
      run: () => remove.mutateAsync(group.id),
      done: t('groups.deleted'),
    });

  const columns: TableColumnsType<Group> = [
    { key: 'name', title: t('groups.field.name'), width: 220, ...clipped((g) => g.name) },
    { key: 'remark', title: t('groups.field.remark'), ...clipped((g) => g.remark) },
    {
      key: 'state',
      dataIndex: 'state',
      title: t('groups.field.state'),
      width: 120,
      render: (state: Group['state']) =>
        state === 'open' ? <Tag color="green">{t('groups.state.open')}</Tag> : <Tag>{t('groups.state.closed')}</Tag>,
    },
    { key: 'employeeCount', dataIndex: 'employeeCount', title: t('groups.field.staff'), width: 100, align: 'right' },
  ];
  columns.push({
    key: 'actions',
    title: tc('table.actions'),
    width: editable ? 330 : 140,
    render: (_, group) => (
      <Space size={0}>
        <Button type="link" size="small" onClick={() => setOpened(group)}>
          {t('groups.editor.action')}
        </Button>
        {editable && (
          <Button type="link" size="small" onClick={() => setEditing(group)}>
            {tc('action.edit')}
          </Button>
        )}
        {editable && (
          <Button type="link" size="small" onClick={() => confirmState(group)}>
            {group.state === 'open' ? t('groups.close.action') : t('groups.open.action')}
          </Button>
        )}
        {/* SPEC §4: a group can be deleted only after it is closed; the server refuses otherwise too. */}
        {editable && (
          <Tooltip title={group.state === 'open' ? t('groups.delete.closeFirst') : undefined}>
            <Button
              type="link"
              size="small"
              danger
              disabled={group.state === 'open'}
              onClick={() => confirmDelete(group)}
            >
              {tc('action.delete')}
            </Button>
          </Tooltip>
        )}
      </Space>
    ),
  });

  if (groups.isError) return <LoadFailed onRetry={() => void groups.refetch()} />;
  return (
    <Flex vertical gap={12}>
      <Flex justify="space-between" align="center">
        <Typography.Text type="secondary">{t('groups.hint')}</Typography.Text>
        {editable && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing(null)}>
            {t('groups.add')}
          </Button>
        )}
      </Flex>
      <Table<Group>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={groups.data}
        loading={groups.isPending}
        pagination={false}
        locale={{ emptyText: <Empty description={t('groups.empty')} /> }}
      />
      <GroupFormModal group={editing} onClose={() => setEditing(undefined)} />
      {opened && (
        <GroupEditorDrawer
          key={opened.id}
          // The list's copy: a rename or a state change shows in the open editor too.
          group={groups.data?.find((g) => g.id === opened.id) ?? opened}
          editable={editable}
          onClose={() => setOpened(null)}
        />
      )}
    </Flex>
  );
}
