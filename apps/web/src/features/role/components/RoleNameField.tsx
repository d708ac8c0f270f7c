// The role name field of the role editor and the copy dialog: required, SPEC §5 length, its count shown.
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { checkRule, checks, requiredRule, ROLE_NAME_MAX } from '@/components/form-rules';

export function RoleNameField() {
  const { t } = useTranslation('user');
  const { t: tc } = useTranslation('common');
  return (
    <Form.Item name="roleName" label={t('roles.field.name')} rules={[requiredRule(tc), checkRule(checks.roleName, tc)]}>
      <Input count={{ show: true, max: ROLE_NAME_MAX }} autoComplete="off" />
    </Form.Item>
  );
}
