// The notice rules tab: the rules (add, edit, delete with confirmation) and the common notice users below them.
import { useMemo, useState } from 'react';
import { Button, Empty, Flex, Space, Table, Tag, type TableColumnsType } from 'antd';
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { usePrivilege } from '@/lib/use-privilege';
import { LoadFailed } from '@/components/LoadFailed';
import { clipped, IconAction } from '@/components/table-cells';
import { useConfirmDelete } from '@/components/use-confirm-action';
import { useEmployeesQuery } from '@/features/employee/api/employees-query';
import { useMyProjectsQuery } from '@/features/project/api/projects-query';
import { flattenNodes } from '@/features/project';
import { useDeleteNoticeRulesMutation } from '../api/notice-rule-delete-mutation';
import { useNoticeRulesQuery } from '../api/notice-rules-query';
import type { NoticeRule } from '../api/types';
import { channelName, typeName } from './alarm-labels';
import { CommonNoticeUsers } from './CommonNoticeUsers';
import { EMPLOYEES_SHOWN, employeeLabel } from './EmployeeSelect';
import { NoticeRuleFormModal } from './NoticeRuleFormModal';

export function NoticeRules() {
  const { t } = useTranslation('project');
  const { t: tc } = useTranslation('common');
  const confirm = useConfirmDelete();
  const can = usePrivilege();
  // The server lets only holders of device-edit change rules; others see them read-only.
  const mayEdit = can('device-edit');
  const rules = useNoticeRulesQuery();
  const projects = useMyProjectsQuery({ enabled: can('project') });
  const staff = useEmployeesQuery({ page: 1, size: EMPLOYEES_SHOWN });
  const remove = useDeleteNoticeRulesMutation();
  const [editing, setEditingState] = useState<NoticeRule | null | undefined>(undefined);
  const [formSeq, setFormSeq] = useState(0);
  const setEditing = (rule: NoticeRule | null | undefined) => {
    if (rule !== undefined) setFormSeq((n) => n + 1);
    setEditingState(rule);
  };

  const projectTitles = useMemo(
    () => new Map(flattenNodes(projects.data ?? []).map((n) => [n.id, n.title])),
    [projects.data],
  );
  const staffNames = useMemo(
    () => new Map((staff.data?.list ?? []).map((e) => [e.id, employeeLabel(e)])),
    [staff.data],
  );

  const confirmDelete = (rule: NoticeRule) =>
    confirm({
      title: t('alarm.rule.deleteTitle', { name: rule.name }),
      run: () => remove.mutateAsync([rule.id]),
      done: t('alarm.rule.deleted'),
    });

  const tags = (items: string[]) => (
    <Flex gap={4} wrap>
      {items.map((text, i) => (
        <Tag key={i}>{text}</Tag>
      ))}
    </Flex>
  );
  const columns: TableColumnsType<NoticeRule> = [
    { key: 'name', title: t('alarm.rule.name'), width: 140, ...clipped((r) => r.name) },
    {
      key: 'projects',
      title: t('alarm.rule.projects'),
      render: (_, r) => tags(r.projectIds.map((id) => projectTitles.get(id) ?? `#${id}`)),
    },
    { key: 'types', title: t('alarm.rule.types'), render: (_, r) => tags(r.types.map((x) => typeName(t, x))) },
    {
      key: 'channels',
      title: t('alarm.rule.channels'),
      width: 130,
      render: (_, r) => tags(r.channels.map((c) => channelName(t, c))),
    },
    {
      key: 'users',
      title: t('alarm.rule.users'),
      render: (_, r) => tags(r.userIds.map((id) => staffNames.get(id) ?? `#${id}`)),
    },
    {
      key: 'enabled',
      title: t('alarm.rule.enabled'),
      width: 84,
      render: (_, r) => (r.enabled ? <Tag color="green">{t('alarm.rule.on')}</Tag> : <Tag>{t('alarm.rule.off')}</Tag>),
    },
  ];
  if (mayEdit)
    columns.push({
      key: 'actions',
      title: tc('table.actions'),
      width: 84,
      fixed: 'right',
      render: (_, r) => (
        <Space size={0}>
          <IconAction label={tc('action.edit')} icon={<EditOutlined />} onClick={() => setEditing(r)} />
          <IconAction label={tc('action.delete')} icon={<DeleteOutlined />} onClick={() => confirmDelete(r)} danger />
        </Space>
      ),
    });

  return (
    <Flex vertical gap={16}>
      {mayEdit && (
        <Flex>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing(null)}>
            {t('alarm.rule.add')}
          </Button>
        </Flex>
      )}
      {rules.isError && !rules.data ? (
        <LoadFailed onRetry={() => void rules.refetch()} />
      ) : (
        <Table<NoticeRule>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={rules.data}
          loading={rules.isFetching}
          pagination={false}
          tableLayout="fixed"
          // The projects, types and staff columns share what is left, at least 100 px each.
          scroll={{ x: 140 + 130 + 84 + 84 + 3 * 100 }}
          locale={{ emptyText: <Empty description={t('alarm.rule.empty')} /> }}
        />
      )}
      <CommonNoticeUsers />
      <NoticeRuleFormModal
        key={formSeq}
        rule={editing}
        forest={projects.data ?? []}
        onClose={() => setEditing(undefined)}
      />
    </Flex>
  );
}
