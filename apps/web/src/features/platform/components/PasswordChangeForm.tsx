// Password change (SPEC §4, §5): old + new (strength rule) + confirmation, both sent encrypted; then sign in again.
import { useState } from 'react';
import { Alert, App, Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { passwordProblem } from '@svc/contracts';
import { isApiError } from '../../../app/api/client';
import { useSession } from '../../../app/layout/session-context';
import { logout } from '../../session/api/logout';
import { usePasswordUpdateMutation } from '../../session/api/password-update-mutation';

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
      <Form.Item
        name="newPassword"
        label={t('password.new')}
        extra={tc('validation.password')}
        dependencies={['oldPassword']}
        rules={[
          { required: true, message: tc('validation.required') },
          {
            validator: (_, value: string | undefined) => {
              if (!value) return Promise.resolve();
              const problem = passwordProblem(value);
              if (problem) return Promise.reject(new Error(tc(problem)));
              if (value === form.getFieldValue('oldPassword')) {
                return Promise.reject(new Error(tc('validation.passwordSame')));
              }
              return Promise.resolve();
            },
          },
        ]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        name="confirmPassword"
        label={t('password.confirm')}
        dependencies={['newPassword']}
        rules={[
          { required: true, message: tc('validation.required') },
          ({ getFieldValue }) => ({
            validator: (_, value: string | undefined) =>
              !value || value === getFieldValue('newPassword')
                ? Promise.resolve()
                : Promise.reject(new Error(tc('validation.passwordMismatch'))),
          }),
        ]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={update.isPending}>
        {t('password.submit')}
      </Button>
    </Form>
  );
}
