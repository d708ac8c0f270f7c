// Add or rename a device group: name required (≤ 32), remark optional.
import { App, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormModal } from '@/components/FormModal';
import { maxLengthRule, optionalText, requiredRule } from '@/components/form-rules';
import type { Group } from '../api/groups-query';
import { useSaveGroupMutation } from '../api/group-save-mutation';

interface Values {
  name: string;
  remark?: string;
}

interface GroupFormProps {
  /** The group to edit, null to add one; undefined keeps the dialog closed. */
  group: Group | null | undefined;
  onClose: () => void;
}

export function GroupFormModal({ group, onClose }: GroupFormProps) {
  const { t } = useTranslation('user');
  const { t: tc } = useTranslation('common');
  const { message } = App.useApp();
  const save = useSaveGroupMutation();
  const [form] = Form.useForm<Values>();

  async function submit(values: Values) {
    await save.mutateAsync({ id: group?.id, name: values.name.trim(), remark: optionalText(values.remark) });
    void message.success(t(group ? 'groups.saved' : 'groups.added'));
  }

  return (
    <FormModal<Values>
      form={form}
      title={group ? t('groups.edit') : t('groups.add')}
      open={group !== undefined}
      onClose={onClose}
      pending={save.isPending}
      initialValues={{ name: group?.name ?? '', remark: group?.remark ?? '' }}
      onSubmit={submit}
    >
      <Form.Item name="name" label={t('groups.field.name')} rules={[requiredRule(tc), maxLengthRule(tc, 32)]}>
        <Input count={{ show: true, max: 32 }} autoComplete="off" />
      </Form.Item>
      <Form.Item name="remark" label={t('groups.field.remark')} rules={[maxLengthRule(tc, 200)]}>
        <Input.TextArea count={{ show: true, max: 200 }} autoSize={{ minRows: 2, maxRows: 4 }} />
      </Form.Item>
    </FormModal>
  );
}
