// Set a staff member's password (POST /api/employee/updatePwd): SPEC §5 strength rule and confirmation; their sessions end.
import { useState } from 'react';
import { Alert, App, Form, Input, Modal, Typography } from 'antd';
import type { Employee } from '@svc/contracts';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../app/api/client';
import { confirmRule, passwordRule, requiredRule, RULE_HINT } from '../../../components/form-rules';
import { useSetEmployeePasswordMutation } from '../api/employee-password-mutation';

interface Values {
  password: string;
  confirmPassword: string;
}

export function EmployeePasswordModal({ employee, onClose }: { employee: Employee | null; onClose: () => void }) {
  const { t } = useTranslation('user');
  const { t: tc } = useTranslation('common');
  const { message } = App.useApp();
  const setPassword = useSetEmployeePasswordMutation();
  const [form] = Form.useForm<Values>();
  const [failure, setFailure] = useState<string>();

  async function submit(values: Values) {
    if (!employee) return;
    setFailure(undefined);
    try {
      await setPassword.mutateAsync({ id: employee.id, loginName: employee.loginName, password: values.password });
      void message.success(t('staff.password.saved'));
      onClose();
    } catch (e) {
      setFailure(isApiError(e) ? e.message : String(e));
    }
  }

  return (
    <Modal
      title={t('staff.password.title', { name: employee?.name ?? '' })}
      open={employee !== null}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={tc('action.save')}
      cancelText={tc('action.cancel')}
      confirmLoading={setPassword.isPending}
      destroyOnHidden
      afterOpenChange={(visible) => !visible && setFailure(undefined)}
    >
      <Form<Values> form={form} layout="vertical" preserve={false} onFinish={(values) => void submit(values)}>
        {failure && <Alert type="error" showIcon title={failure} style={{ marginBottom: 16 }} />}
        <Typography.Paragraph type="secondary">{t('staff.password.hint')}</Typography.Paragraph>
        <Form.Item
          name="password"
          className={RULE_HINT}
          label={t('staff.field.password')}
          rules={[requiredRule(tc), passwordRule(tc)]}
          extra={tc('validation.password')}
        >
          <Input.Password autoComplete="new-password" maxLength={64} />
        </Form.Item>
        <Form.Item
          name="confirmPassword"
          label={t('staff.field.confirmPassword')}
          dependencies={['password']}
          rules={[requiredRule(tc), confirmRule(tc)]}
        >
          <Input.Password autoComplete="new-password" maxLength={64} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
