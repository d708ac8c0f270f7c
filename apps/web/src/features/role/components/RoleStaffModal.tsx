// Staff of a role (SPEC §6 "staff can be added to or removed from a role"): a transfer between outside and inside.
import { useMemo, useState } from 'react';
import { Alert, App, Modal, Spin, Transfer } from 'antd';
import type { Role } from '@svc/contracts';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/lib/api/client';
import { LoadFailed } from '@/components/LoadFailed';
import { useRoleStaffMutation } from '../api/role-staff-mutation';
import { useRoleStaffQuery } from '../api/role-staff-query';

export function RoleStaffModal({ role, onClose }: { role: Role; onClose: () => void }) {
  const { t } = useTranslation('user');
  const { t: tc } = useTranslation('common');
  const { message } = App.useApp();
  const staff = useRoleStaffQuery(role.id);
  const change = useRoleStaffMutation();
  const initial = useMemo(() => (staff.data ?? []).filter((e) => e.inRole).map((e) => String(e.id)), [staff.data]);
  const [target, setTarget] = useState<string[] | null>(null);
  const [failure, setFailure] = useState<string>();
  const inRole = target ?? initial;

  async function save() {
    setFailure(undefined);
    const before = new Set(initial);
    const after = new Set(inRole);
    const add = inRole.filter((id) => !before.has(id)).map(Number);
    const remove = initial.filter((id) => !after.has(id)).map(Number);
    try {
      await change.mutateAsync({ roleId: role.id, add, remove });
      void message.success(t('roles.staff.saved'));
      onClose();
    } catch (e) {
      setFailure(isApiError(e) ? e.message : String(e));
    }
  }

  return (
    <Modal
      title={t('roles.staff.title', { name: role.roleName })}
      open
      width={720}
      onCancel={onClose}
      onOk={() => void save()}
      okText={tc('action.save')}
      cancelText={tc('action.cancel')}
      okButtonProps={{ disabled: !staff.data }}
      confirmLoading={change.isPending}
    >
      {failure && <Alert type="error" showIcon title={failure} style={{ marginBottom: 16 }} />}
      {staff.isPending ? (
        <Spin className="org-tree-spin" />
      ) : staff.isError ? (
        <LoadFailed onRetry={() => void staff.refetch()} />
      ) : (
        <Transfer
          className="org-transfer"
          dataSource={staff.data.map((e) => ({ key: String(e.id), title: e.name, description: e.loginName }))}
          targetKeys={inRole}
          onChange={(keys) => setTarget(keys.map(String))}
          titles={[t('roles.staff.outside'), t('roles.staff.inside')]}
          showSearch
          filterOption={(input, item) =>
            `${item.title ?? ''} ${item.description ?? ''}`.toLowerCase().includes(input.trim().toLowerCase())
          }
          render={(item) => `${item.title ?? ''} (${item.description ?? ''})`}
          locale={{ notFoundContent: t('roles.staff.none') }}
        />
      )}
    </Modal>
  );
}
