// Add or edit a notice rule: its name, the projects and alarm types it covers, the channels and the users told.
import { useState } from 'react';
import { Alert, App, Checkbox, Form, Input, Modal, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { ALARM_TYPES, NOTICE_CHANNELS, type ProjectNode } from '@svc/contracts';
import { isApiError } from '@/lib/api/client';
import { maxLengthRule } from '@/components/form-rules';
import { ProjectTreeSelect } from '@/components/ProjectTreeSelect';
import { useSaveNoticeRuleMutation } from '../api/notice-rule-save-mutation';
import type { NoticeRule, NoticeRuleInput } from '../api/types';
import { channelName, typeName } from './alarm-labels';
import { EmployeeSelect } from './EmployeeSelect';

const NAME_MAX = 64;
const NEW_RULE: NoticeRuleInput = { name: '', projectIds: [], types: [], channels: [], userIds: [], enabled: true };

interface NoticeRuleFormModalProps {
  /** The rule to edit, null to add one; undefined keeps the dialog closed. */
  rule: NoticeRule | null | undefined;
  forest: readonly ProjectNode[];
  onClose: () => void;
}

export function NoticeRuleFormModal({ rule, forest, onClose }: NoticeRuleFormModalProps) {
  const { t } = useTranslation('project');
  const { t: tc } = useTranslation('common');
  const { message } = App.useApp();
  const save = useSaveNoticeRuleMutation();
  const [form] = Form.useForm<NoticeRuleInput>();
  const [failure, setFailure] = useState<string>();

  async function submit(values: NoticeRuleInput) {
    setFailure(undefined);
    const body = { ...values, name: values.name.trim() };
    try {
      await save.mutateAsync(rule ? { ...body, id: rule.id } : body);
      void message.success(t('alarm.rule.saved'));
      onClose();
    } catch (e) {
      setFailure(isApiError(e) ? e.message : tc('error.transport'));
    }
  }

  const selectOne = { required: true, type: 'array' as const, min: 1, message: tc('validation.selectOne') };
  return (
    <Modal
      open={rule !== undefined}
      title={rule ? t('alarm.rule.editTitle', { name: rule.name }) : t('alarm.rule.addTitle')}
      okText={tc('action.save')}
      cancelText={tc('action.cancel')}
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
      width={600}
    >
      <Form<NoticeRuleInput>
        form={form}
        layout="vertical"
        initialValues={rule ?? NEW_RULE}
        onFinish={(values) => void submit(values)}
      >
        <Form.Item
          name="name"
          label={t('alarm.rule.name')}
          rules={[
            { required: true, whitespace: true, message: tc('validation.required') },
            maxLengthRule(tc, NAME_MAX),
          ]}
        >
          <Input />
        </Form.Item>
        <Form.Item name="projectIds" label={t('alarm.rule.projects')} rules={[selectOne]}>
          <ProjectTreeSelect multiple allowClear forest={forest} placeholder={t('alarm.rule.projectsHint')} />
        </Form.Item>
        <Form.Item name="types" label={t('alarm.rule.types')} rules={[selectOne]}>
          <Checkbox.Group options={ALARM_TYPES.map((type) => ({ value: type, label: typeName(t, type) }))} />
        </Form.Item>
        <Form.Item name="channels" label={t('alarm.rule.channels')} rules={[selectOne]}>
          <Checkbox.Group options={NOTICE_CHANNELS.map((c) => ({ value: c, label: channelName(t, c) }))} />
        </Form.Item>
        <Form.Item name="userIds" label={t('alarm.rule.users')} rules={[selectOne]}>
          <EmployeeSelect<number[]> multiple placeholder={t('alarm.rule.usersHint')} />
        </Form.Item>
        <Form.Item name="enabled" label={t('alarm.rule.enabled')} valuePropName="checked">
          <Switch />
        </Form.Item>
      </Form>
      {failure && <Alert type="error" showIcon title={failure} />}
    </Modal>
  );
}
