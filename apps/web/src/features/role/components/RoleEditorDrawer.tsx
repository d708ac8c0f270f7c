// Add or edit a role (SPEC §5 role name ≤ 20, §6): name, remark and the privilege tree; read-only without `role-edit`.
import { useState } from 'react';
import { Alert, App, Button, Drawer, Flex, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Role } from '@svc/contracts';
import { isApiError } from '../../../app/api/client';
import { checkRule, checks, optionalText, requiredRule, ROLE_NAME_MAX } from '../../../components/form-rules';
import { useSaveRoleMutation } from '../api/role-save-mutation';
import { PrivilegeTree } from './PrivilegeTree';

interface Values {
  roleName: string;
  remark?: string;
  privilegeKeys: string[];
}

interface RoleEditorProps {
  /** The role to edit, or null to add one. */
  role: Role | null;
  open: boolean;
  readOnly?: boolean;
  onClose: () => void;
}

export function RoleEditorDrawer({ role, open, readOnly = false, onClose }: RoleEditorProps) {
  const { t } = useTranslation('user');
  const { t: tc } = useTranslation('common');
  const { message } = App.useApp();
  const save = useSaveRoleMutation();
  const [form] = Form.useForm<Values>();
  const [failure, setFailure] = useState<string>();

  async function submit(values: Values) {
    setFailure(undefined);
    try {
      await save.mutateAsync({
        id: role?.id,
        roleName: values.roleName.trim(),
        remark: optionalText(values.remark),
        privilegeKeys: values.privilegeKeys,
      });
      void message.success(t(role ? 'roles.saved' : 'roles.added'));
      onClose();
    } catch (e) {
      setFailure(isApiError(e) ? e.message : String(e));
    }
  }

  const title = readOnly ? t('roles.view') : role ? t('roles.edit') : t('roles.add');
  return (
    <Drawer
      title={title}
      open={open}
      size={560}
      onClose={onClose}
      destroyOnHidden
      afterOpenChange={(visible) => !visible && setFailure(undefined)}
      footer={
        !readOnly && (
          <Flex justify="end" gap={8}>
            <Button onClick={onClose}>{tc('action.cancel')}</Button>
            <Button type="primary" loading={save.isPending} onClick={() => form.submit()}>
              {tc('action.save')}
            </Button>
          </Flex>
        )
      }
    >
      <Form<Values>
        form={form}
        layout="vertical"
        disabled={readOnly}
        initialValues={{
          roleName: role?.roleName ?? '',
          remark: role?.remark ?? '',
          privilegeKeys: role?.privilegeKeys ?? [],
        }}
        onFinish={(values) => void submit(values)}
      >
        {failure && <Alert type="error" showIcon title={failure} style={{ marginBottom: 16 }} />}
        <Form.Item
          name="roleName"
          label={t('roles.field.name')}
          rules={[requiredRule(tc), checkRule(checks.roleName, tc)]}
        >
          <Input maxLength={ROLE_NAME_MAX} showCount autoComplete="off" />
        </Form.Item>
        <Form.Item name="remark" label={t('roles.field.remark')}>
          <Input.TextArea maxLength={200} showCount autoSize={{ minRows: 2, maxRows: 4 }} />
        </Form.Item>
        <Form.Item name="privilegeKeys" label={t('roles.field.privileges')} extra={t('roles.field.privilegesHint')}>
          <PrivilegeTree disabled={readOnly} />
        </Form.Item>
      </Form>
    </Drawer>
  );
}
