// The staff a group limits, in its editor: a transfer between everyone else and this group; someone in another
// group moves here (each employee is in at most one group).
import { useMemo, useState } from 'react';
import { Alert, App, Button, Flex, Spin, Transfer, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/lib/api/client';
import { LoadFailed } from '@/components/LoadFailed';
import { useGroupStaffMutation } from '../api/group-staff-mutation';
import { useGroupStaffQuery } from '../api/group-staff-query';
import type { Group } from '../api/groups-query';

export function GroupStaffPanel({ group, editable }: { group: Group; editable: boolean }) {
  const { t } = useTranslation('user');
  const { t: tc } = useTranslation('common');
  const { message } = App.useApp();
  const staff = useGroupStaffQuery(group.id);
  const change = useGroupStaffMutation();
  const initial = useMemo(
    () => (staff.data ?? []).filter((e) => e.groupId === group.id).map((e) => String(e.id)),
    [staff.data, group.id],
  );
  const [target, setTarget] = useState<string[] | null>(null);
  const [failure, setFailure] = useState<string>();
  const inGroup = target ?? initial;
  const before = new Set(initial);
  const after = new Set(inGroup);
  const add = inGroup.filter((id) => !before.has(id)).map(Number);
  const remove = initial.filter((id) => !after.has(id)).map(Number);

  async function save() {
    setFailure(undefined);
    try {
      await change.mutateAsync({ groupId: group.id, add, remove });
      setTarget(null);
      void message.success(t('groups.staff.saved'));
    } catch (e) {
      setFailure(isApiError(e) ? e.message : String(e));
    }
  }

  if (staff.isPending) return <Spin className="org-tree-spin" />;
  if (staff.isError) return <LoadFailed onRetry={() => void staff.refetch()} />;
  return (
    <Flex vertical gap={12}>
      <Typography.Text type="secondary">{t('groups.staff.hint')}</Typography.Text>
      {failure && <Alert type="error" showIcon title={failure} />}
      <Transfer
        className="org-transfer group-staff-transfer"
        dataSource={staff.data.map((e) => ({
          key: String(e.id),
          title: e.name,
          description:
            e.groupName && e.groupId !== group.id
              ? t('groups.staff.inOther', { login: e.loginName, name: e.groupName })
              : e.loginName,
        }))}
        targetKeys={inGroup}
        onChange={(keys) => setTarget(keys.map(String))}
        titles={[t('groups.staff.outside'), t('groups.staff.inside')]}
        disabled={!editable}
        showSearch
        filterOption={(input, item) =>
          `${item.title ?? ''} ${item.description ?? ''}`.toLowerCase().includes(input.trim().toLowerCase())
        }
        render={(item) => `${item.title ?? ''} (${item.description ?? ''})`}
        locale={{ notFoundContent: t('groups.staff.none') }}
      />
      {editable && (
        <Flex justify="end" gap={8}>
          <Button disabled={target === null} onClick={() => setTarget(null)}>
            {tc('action.reset')}
          </Button>
          <Button
            type="primary"
            disabled={add.length + remove.length === 0}
            loading={change.isPending}
            onClick={() => void save()}
          >
            {t('groups.staff.save')}
          </Button>
        </Flex>
      )}
    </Flex>
  );
}
