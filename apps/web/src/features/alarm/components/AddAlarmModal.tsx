// A manual alarm (POST /api/alarm/add): a device and channel, the type A–H, when (default now) and what happened.
import { App, DatePicker, Form, Input, InputNumber, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { ALARM_TYPES, type AlarmType, type ProjectNode } from '@svc/contracts';
import { FormModal } from '@/components/FormModal';
import { maxLengthRule, wholeNumberRule } from '@/components/form-rules';
import { ProjectTreeSelect } from '@/components/ProjectTreeSelect';
import { useAddAlarmMutation } from '../api/alarm-add-mutation';
import type { AddAlarm } from '../api/types';
import { typeName } from './alarm-labels';
import { ALARM_TIME_FORMAT } from './alarm-query';
import { DeviceSelect } from './DeviceSelect';

const CONTENT_MAX = 500;

interface Values {
  projectId?: number;
  deviceId?: number;
  channel?: number | null;
  type?: AlarmType;
  alarmTime?: Dayjs | null;
  content?: string;
}

/** The body of the add call; undefined fields (channel, time) are left to the server's defaults. */
export function toAddAlarm(values: Values): AddAlarm | null {
  const content = values.content?.trim();
  if (values.deviceId === undefined || !values.type || !content) return null;
  return {
    deviceId: values.deviceId,
    type: values.type,
    content,
    ...(values.channel ? { channel: values.channel } : {}),
    ...(values.alarmTime ? { alarmTime: values.alarmTime.format(ALARM_TIME_FORMAT) } : {}),
  };
}

interface AddAlarmModalProps {
  open: boolean;
  forest: readonly ProjectNode[];
  onClose: () => void;
}

export function AddAlarmModal({ open, forest, onClose }: AddAlarmModalProps) {
  const { t } = useTranslation('project');
  const { t: tc } = useTranslation('common');
  const { message } = App.useApp();
  const add = useAddAlarmMutation();
  const [form] = Form.useForm<Values>();
  const projectId = Form.useWatch('projectId', form);

  async function submit(values: Values) {
    const body = toAddAlarm(values);
    // The field rules make this unreachable; if it ever is, say so rather than close as if saved.
    if (!body) throw new Error(tc('validation.required'));
    await add.mutateAsync(body);
    void message.success(t('alarm.added'));
  }

  const required = { required: true, message: tc('validation.required') };
  return (
    <FormModal<Values>
      form={form}
      title={t('alarm.addTitle')}
      open={open}
      onClose={onClose}
      pending={add.isPending}
      onSubmit={submit}
    >
      <Form.Item name="projectId" label={t('alarm.field.region')}>
        <ProjectTreeSelect
          forest={forest}
          allowClear
          placeholder={t('alarm.filter.allProjects')}
          onChange={() => form.setFieldValue('deviceId', undefined)}
        />
      </Form.Item>
      <Form.Item name="deviceId" label={t('alarm.field.device')} rules={[required]}>
        <DeviceSelect projectId={projectId ?? undefined} placeholder={t('alarm.filter.device')} />
      </Form.Item>
      {/* No min or precision on the input: antd would clamp or round an entry on blur without a word. */}
      <Form.Item name="channel" label={t('alarm.field.channel')} rules={[wholeNumberRule(tc, 1)]}>
        <InputNumber style={{ width: '100%' }} placeholder={t('alarm.channelHint')} />
      </Form.Item>
      <Form.Item name="type" label={t('alarm.field.type')} rules={[required]}>
        <Select options={ALARM_TYPES.map((type) => ({ value: type, label: typeName(t, type) }))} />
      </Form.Item>
      <Form.Item name="alarmTime" label={t('alarm.field.time')} extra={t('alarm.timeHint')}>
        <DatePicker showTime format={ALARM_TIME_FORMAT} style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item
        name="content"
        label={t('alarm.field.content')}
        rules={[{ ...required, whitespace: true }, maxLengthRule(tc, CONTENT_MAX)]}
      >
        <Input.TextArea rows={3} count={{ show: true, max: CONTENT_MAX }} />
      </Form.Item>
    </FormModal>
  );
}
