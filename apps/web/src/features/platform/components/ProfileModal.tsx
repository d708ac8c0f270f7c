// Editing one's own name, mobile and email (POST /api/employee/updateById with the session's own id), SPEC §5 rules.
import { App, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSession } from '@/lib/session-context';
import { FormModal } from '@/components/FormModal';
import { optionalText, requiredRule, checkRule, checks } from '@/components/form-rules';
import { useUpdateProfileMutation } from '../api/profile-mutation';

interface Values {
  name: string;
  mobile?: string;
  email?: string;
}

export function ProfileModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('platform');
  const { t: tc } = useTranslation('common');
  const { message } = App.useApp();
  const session = useSession();
  const update = useUpdateProfileMutation();
  const [form] = Form.useForm<Values>();
  const account = session.userAccount;

  async function submit(values: Values) {
    await update.mutateAsync({
      id: session.userLoginInfo.id,
      name: values.name.trim(),
      mobile: optionalText(values.mobile),
      email: optionalText(values.email),
    });
    void message.success(t('profile.saved'));
  }

  return (
    <FormModal<Values>
      form={form}
      title={t('profile.title')}
      open={open}
      onClose={onClose}
      pending={update.isPending}
      initialValues={{ name: account.name, mobile: account.mobile ?? '', email: account.email ?? '' }}
      onSubmit={submit}
    >
      <Form.Item name="name" label={t('info.name')} rules={[requiredRule(tc), checkRule(checks.personName, tc)]}>
        <Input autoComplete="name" />
      </Form.Item>
      <Form.Item name="mobile" label={t('info.mobile')} rules={[checkRule(checks.mobile, tc)]}>
        <Input inputMode="tel" autoComplete="tel" />
      </Form.Item>
      <Form.Item name="email" label={t('info.email')} rules={[checkRule(checks.email, tc)]}>
        <Input inputMode="email" autoComplete="email" />
      </Form.Item>
    </FormModal>
  );
}
