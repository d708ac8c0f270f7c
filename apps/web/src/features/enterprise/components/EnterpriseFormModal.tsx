// Add an enterprise with its main account (name, login name, password + confirmation), or rename one.
import { App, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormModal } from '@/components/FormModal';
import { checkRule, checks, maxLengthRule, requiredRule, RULE_HINT } from '@/components/form-rules';
import { PasswordFields } from '@/components/PasswordFields';
import { useAddEnterpriseMutation } from '../api/enterprise-add-mutation';
import { useRenameEnterpriseMutation } from '../api/enterprise-update-mutation';
import type { Enterprise } from '../api/enterprises-query';

interface Values {
  name: string;
  loginName?: string;
  password?: string;
  confirmPassword?: string;
}

interface EnterpriseFormProps {
  /** The enterprise to rename, null to add one; undefined keeps the dialog closed. */
  enterprise: Enterprise | null | undefined;
  onClose: () => void;
}

export function EnterpriseFormModal({ enterprise, onClose }: EnterpriseFormProps) {
  const { t } = useTranslation('platform');
  const { t: tc } = useTranslation('common');
  const { message } = App.useApp();
  const add = useAddEnterpriseMutation();
  const rename = useRenameEnterpriseMutation();
  const [form] = Form.useForm<Values>();
  const renaming = enterprise ?? null;

  async function submit(values: Values) {
    if (renaming) {
      await rename.mutateAsync({ id: renaming.id, name: values.name.trim() });
      void message.success(t('enterprises.saved'));
    } else {
      await add.mutateAsync({
        name: values.name.trim(),
        loginName: (values.loginName ?? '').trim(),
        password: values.password ?? '',
      });
      void message.success(t('enterprises.added'));
    }
  }

  return (
    <FormModal<Values>
      form={form}
      title={renaming ? t('enterprises.rename.title', { name: renaming.name }) : t('enterprises.add')}
      open={enterprise !== undefined}
      onClose={onClose}
      pending={add.isPending || rename.isPending}
      initialValues={{ name: renaming?.name ?? '' }}
      onSubmit={submit}
    >
      <Form.Item name="name" label={t('enterprises.field.name')} rules={[requiredRule(tc), maxLengthRule(tc, 64)]}>
        <Input autoComplete="off" />
      </Form.Item>
      {!renaming && (
        <>
          <Form.Item
            name="loginName"
            className={RULE_HINT}
            label={t('enterprises.field.loginName')}
            extra={tc('validation.loginName')}
            rules={[requiredRule(tc), checkRule(checks.loginName, tc)]}
          >
            <Input autoComplete="off" />
          </Form.Item>
          <PasswordFields
            label={t('enterprises.field.password')}
            confirmLabel={t('enterprises.field.confirmPassword')}
          />
        </>
      )}
    </FormModal>
  );
}
