// Editing one's own name, mobile and email (POST /api/employee/updateById with the session's own id), SPEC §5 rules.
import { useState } from 'react';
import { Alert, App, Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../app/api/client';
import { useSession } from '../../../app/layout/session-context';
import { optionalText, requiredRule, checkRule, checks } from '../../../components/form-rules';
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
  const [failure, setFailure] = useState<string>();
  const account = session.userAccount;

  async function submit(values: Values) {
    setFailure(undefined);
    try {
      await update.mutateAsync({
        id: session.userLoginInfo.id,
        name: values.name.trim(),
        mobile: optionalText(values.mobile),
        email: optionalText(values.email),
      });
      void message.success(t('profile.saved'));
      onClose();
    } catch (e) {
      setFailure(isApiError(e) ? e.message : String(e));
    }
  }

  return (
    <Modal
      title={t('profile.title')}
      open={open}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={tc('action.save')}
      cancelText={tc('action.cancel')}
      confirmLoading={update.isPending}
      destroyOnHidden
      afterOpenChange={(visible) => !visible && setFailure(undefined)}
    >
      <Form<Values>
        form={form}
        layout="vertical"
        preserve={false}
        initialValues={{ name: account.name, mobile: account.mobile ?? '', email: account.email ?? '' }}
        onFinish={(values) => void submit(values)}
      >
        {failure && <Alert type="error" showIcon title={failure} style={{ marginBottom: 16 }} />}
        <Form.Item name="name" label={t('info.name')} rules={[requiredRule(tc), checkRule(checks.personName, tc)]}>
          <Input maxLength={32} autoComplete="name" />
        </Form.Item>
        <Form.Item name="mobile" label={t('info.mobile')} rules={[checkRule(checks.mobile, tc)]}>
          <Input maxLength={11} inputMode="tel" autoComplete="tel" />
        </Form.Item>
        <Form.Item name="email" label={t('info.email')} rules={[checkRule(checks.email, tc)]}>
          <Input maxLength={254} inputMode="email" autoComplete="email" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
