// One staff row's actions, each shown only with its function point (SPEC §6): edit, enable/disable, passwords, unlock, delete.
import { App, Button, Dropdown, Space, Typography, type MenuProps } from 'antd';
import { DownOutlined } from '@ant-design/icons';
import type { Employee } from '@svc/contracts';
import { useTranslation } from 'react-i18next';
import { useSession } from '@/lib/session-context';
import { usePrivilege } from '@/lib/use-privilege';
import { useConfirmAction, useConfirmDelete } from '@/components/use-confirm-action';
import { useDeleteEmployeeMutation } from '../api/employee-delete-mutation';
import { useResetEmployeePasswordMutation } from '../api/employee-reset-password-mutation';
import { useEmployeeStatusMutation } from '../api/employee-status-mutation';
import { useUnlockEmployeeMutation } from '../api/employee-unlock-mutation';

interface StaffRowActionsProps {
  employee: Employee;
  onEdit: (employee: Employee) => void;
  onSetPassword: (employee: Employee) => void;
}

export function StaffRowActions({ employee, onEdit, onSetPassword }: StaffRowActionsProps) {
  const { t } = useTranslation('user');
  const { t: tc } = useTranslation('common');
  const { modal } = App.useApp();
  const confirm = useConfirmAction();
  const confirmRemoval = useConfirmDelete();
  const can = usePrivilege();
  const session = useSession();
  const status = useEmployeeStatusMutation();
  const remove = useDeleteEmployeeMutation();
  const reset = useResetEmployeePasswordMutation();
  const unlock = useUnlockEmployeeMutation();
  // The server refuses status changes and deletion of one's own account; the buttons say so first.
  const self = employee.id === session.userLoginInfo.id;
  const enabling = employee.status === 0;
  const confirmStatus = () =>
    confirm({
      title: t(enabling ? 'staff.enable.title' : 'staff.disable.title', { name: employee.name }),
      content: enabling ? undefined : t('staff.disable.content'),
      run: () => status.mutateAsync({ ids: [employee.id], status: enabling ? 1 : 0 }),
      done: t('staff.statusChanged'),
    });

  const confirmDelete = () =>
    confirmRemoval({
      title: t('staff.delete.title', { name: employee.name }),
      content: t('staff.delete.content'),
      run: () => remove.mutateAsync(employee.id),
      done: t('staff.deleted'),
    });

  const confirmReset = () =>
    confirm({
      title: t('staff.reset.title', { name: employee.name }),
      content: t('staff.reset.content'),
      okText: t('staff.reset.action'),
      run: () => reset.mutateAsync(employee.id),
      onDone: ({ password }) => {
        showPasswordOnce(password);
      },
    });

  const confirmUnlock = () =>
    confirm({
      title: t('staff.unlock.title', { name: employee.name }),
      content: t('staff.unlock.content'),
      okText: t('staff.unlock.action'),
      run: () => unlock.mutateAsync(employee.id),
      done: t('staff.unlocked'),
    });

  const showPasswordOnce = (password: string) =>
    modal.success({
      title: t('staff.reset.doneTitle'),
      width: 480,
      okText: tc('action.close'),
      content: (
        <Space orientation="vertical">
          <Typography.Text>{t('staff.reset.doneContent', { loginName: employee.loginName })}</Typography.Text>
          <Typography.Text code copyable={{ text: password }} className="org-generated-password">
            {password}
          </Typography.Text>
          <Typography.Text type="warning">{t('staff.reset.once')}</Typography.Text>
        </Space>
      ),
    });

  const more: MenuProps['items'] = [
    ...(can('user-reset-password')
      ? [
          { key: 'reset', label: t('staff.reset.action') },
          { key: 'password', label: t('staff.password.action') },
          { key: 'unlock', label: t('staff.unlock.action') },
        ]
      : []),
    ...(can('user-delete') ? [{ key: 'delete', label: tc('action.delete'), danger: true, disabled: self }] : []),
  ];

  return (
    <Space size={0}>
      {can('user-edit') && (
        <Button type="link" size="small" onClick={() => onEdit(employee)}>
          {tc('action.edit')}
        </Button>
      )}
      {can('user-status') && (
        <Button type="link" size="small" disabled={self} onClick={confirmStatus}>
          {enabling ? t('staff.enable.action') : t('staff.disable.action')}
        </Button>
      )}
      {more.length > 0 && (
        <Dropdown
          trigger={['click']}
          menu={{
            items: more,
            onClick: ({ key }) => {
              if (key === 'reset') confirmReset();
              if (key === 'password') onSetPassword(employee);
              if (key === 'unlock') confirmUnlock();
              if (key === 'delete') confirmDelete();
            },
          }}
        >
          <Button type="link" size="small" aria-label={t('staff.more', { name: employee.name })}>
            {tc('action.more')} <DownOutlined />
          </Button>
        </Dropdown>
      )}
    </Space>
  );
}
