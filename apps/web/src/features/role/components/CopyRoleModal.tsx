// Copy a role under a new name (POST /api/role/copy): the same privilege keys, no staff.
import { App, Form } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Role } from '@svc/contracts';
import { FormModal } from '@/components/FormModal';
import { ROLE_NAME_MAX } from '@/components/form-rules';
import { useCopyRoleMutation } from '../api/role-copy-mutation';
import { RoleNameField } from './RoleNameField';

export function CopyRoleModal({ role, onClose }: { role: Role | null; onClose: () => void }) {
  const { t } = useTranslation('user');
  const { message } = App.useApp();
  const copy = useCopyRoleMutation();
  const [form] = Form.useForm<{ roleName: string }>();

  async function submit({ roleName: name }: { roleName: string }) {
    if (!role) return;
    await copy.mutateAsync({ id: role.id, roleName: name.trim() });
    void message.success(t('roles.copied'));
  }

  return (
    <FormModal
      form={form}
      title={t('roles.copy.title', { name: role?.roleName ?? '' })}
      open={role !== null}
      onClose={onClose}
      pending={copy.isPending}
      // SPEC §5: role names are at most 20 characters, so the suggestion is made to fit. It is only a
      // suggestion, shown in full in the field before anything is saved; what the user types is never cut.
      initialValues={{
        roleName: t('roles.copy.suggested', { name: role?.roleName ?? '' })
          .slice(0, ROLE_NAME_MAX)
          .trimEnd(),
      }}
      onSubmit={submit}
    >
      <RoleNameField />
    </FormModal>
  );
}
