// Set a staff member's password (POST /api/employee/updatePwd): SPEC §5 strength rule and confirmation; their sessions end.
import { App, Form, Typography } from 'antd';
import type { Employee } from '@svc/contracts';
import { useTranslation } from 'react-i18next';
import { FormModal } from '@/components/FormModal';
import { PasswordFields } from '@/components/PasswordFields';
import { useSetEmployeePasswordMutation } from '../api/employee-password-mutation';

interface Values {
  password: string;
  confirmPassword: string;
}

export function EmployeePasswordModal({ employee, onClose }: { employee: Employee | null; onClose: () => void }) {
  const { t } = useTranslation('user');
  const { message } = App.useApp();
  const setPassword = useSetEmployeePasswordMutation();
  const [form] = Form.useForm<Values>();

  async function submit(values: Values) {
    if (!employee) return;
    await setPassword.mutateAsync({ id: employee.id, loginName: employee.loginName, password: values.password });
    void message.success(t('staff.password.saved'));
  }

  return (
    <FormModal<Values>
      form={form}
      title={t('staff.password.title', { name: employee?.name ?? '' })}
      open={employee !== null}
      onClose={onClose}
      pending={setPassword.isPending}
      onSubmit={submit}
    >
      <Typography.Paragraph type="secondary">{t('staff.password.hint')}</Typography.Paragraph>
      <PasswordFields label={t('staff.field.password')} confirmLabel={t('staff.field.confirmPassword')} />
    </FormModal>
  );
}
