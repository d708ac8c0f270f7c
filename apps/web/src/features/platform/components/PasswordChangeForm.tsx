// Password change (SPEC §4, §5): old + new (strength rule) + confirmation, both sent encrypted; then sign in again.
import { useState } from 'react';
import { Alert, App, Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/lib/api/client';
import { useSession } from '@/lib/session-context';
import { PasswordFields } from '@/components/PasswordFields';
import { logout } from '@/features/session/api/logout';
import { usePasswordUpdateMutation } from '@/features/session/api/password-update-mutation';

interface Values {
  oldPassword: string;
  newPassword: string;
  confirmPassword: string;
}

export function PasswordChangeForm() {
  const { t } = useTranslation('platform');
  const { t: tc } = useTranslation('common');
  const { modal } = App.useApp();
  const session = useSession();
  const update = usePasswordUpdateMutation();
  const [form] = Form.useForm<Values>();
  const [failure, setFailure] = useState<string>();

  async function submit(values: Values) {
    setFailure(undefined);
    try {
      await update.mutateAsync({
        loginName: session.loginName,
        oldPassword: values.oldPassword,
        newPassword: values.newPassword,
      });
      form.resetFields();
      // The flag is already stored; logging out here (or at the next start) finishes the change (SPEC §4).
      modal.success({
        title: t('password.changed.title'),
        content: t('password.changed.content'),
        okText: t('password.changed.ok'),
        closable: false,
        keyboard: false,
        maskClosable: false,
        onOk: () => logout(),
      });
    } catch (e) {
      setFailure(isApiError(e) ? e.message : String(e));
    }
  }

  return (
    <Form<Values>
      form={form}
      layout="vertical"
      requiredMark={false}
      style={{ maxWidth: 420 }}
      onFinish={(values) => void submit(values)}
    >
      {failure && <Alert type="error" showIcon title={failure} style={{ marginBottom: 16 }} />}
      <Form.Item
        name="oldPassword"
        label={t('password.old')}
        rules={[{ required: true, message: tc('validation.required') }]}
      >
        <Input.Password autoComplete="current-password" />
      </Form.Item>
      <PasswordFields
        name="newPassword"
        label={t('password.new')}
        confirmLabel={t('password.confirm')}
        dependencies={['oldPassword']}
        rules={[
          ({ getFieldValue }) => ({
            validator: (_, value: string | undefined) =>
              value && value === getFieldValue('oldPassword')
                ? Promise.reject(new Error(tc('validation.passwordSame')))
                : Promise.resolve(),
          }),
        ]}
      />
      <Button type="primary" htmlType="submit" loading={update.isPending}>
        {t('password.submit')}
      </Button>
    </Form>
  );
}
