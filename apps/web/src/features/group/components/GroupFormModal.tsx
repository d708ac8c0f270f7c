// Add or rename a device group: name required (≤ 32), remark optional.
import { useState } from 'react';
import { Alert, App, Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../app/api/client';
import { optionalText, requiredRule } from '../../../components/form-rules';
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
  const [failure, setFailure] = useState<string>();

  async function submit(values: Values) {
    setFailure(undefined);
    try {
      await save.mutateAsync({ id: group?.id, name: values.name.trim(), remark: optionalText(values.remark) });
      void message.success(t(group ? 'groups.saved' : 'groups.added'));
      onClose();
    } catch (e) {
      setFailure(isApiError(e) ? e.message : String(e));
    }
  }

  return (
    <Modal
      title={group ? t('groups.edit') : t('groups.add')}
      open={group !== undefined}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={tc('action.save')}
      cancelText={tc('action.cancel')}
      confirmLoading={save.isPending}
      destroyOnHidden
      afterOpenChange={(visible) => !visible && setFailure(undefined)}
    >
      <Form<Values>
        form={form}
        layout="vertical"
        preserve={false}
        initialValues={{ name: group?.name ?? '', remark: group?.remark ?? '' }}
        onFinish={(values) => void submit(values)}
      >
        {failure && <Alert type="error" showIcon title={failure} style={{ marginBottom: 16 }} />}
        <Form.Item name="name" label={t('groups.field.name')} rules={[requiredRule(tc)]}>
          <Input maxLength={32} showCount autoComplete="off" />
        </Form.Item>
        <Form.Item name="remark" label={t('groups.field.remark')}>
          <Input.TextArea maxLength={200} showCount autoSize={{ minRows: 2, maxRows: 4 }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
