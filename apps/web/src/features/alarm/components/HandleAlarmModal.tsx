// Handling one alarm (SPEC §4 Alarm message: untreated, treating, treated) with the handler's note.
import { useState } from 'react';
import { Alert, App, Form, Input, Modal, Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import { HANDLING_STATES, type Alarm, type Handling } from '@svc/contracts';
import { isApiError } from '@/lib/api/client';
import { maxLengthRule } from '@/components/form-rules';
import { useUpdateAlarmMutation } from '../api/alarm-update-mutation';
import { handlingName, typeName } from './alarm-labels';

const NOTE_MAX = 500;

interface Values {
  handling: Handling;
  note?: string;
}

/** `alarm` null keeps the dialog closed; the caller keys it by alarm so each opening starts from that alarm. */
export function HandleAlarmModal({ alarm, onClose }: { alarm: Alarm | null; onClose: () => void }) {
  const { t } = useTranslation('project');
  const { t: tc } = useTranslation('common');
  const { message } = App.useApp();
  const update = useUpdateAlarmMutation();
  const [form] = Form.useForm<Values>();
  const [failure, setFailure] = useState<string>();

  async function submit(values: Values) {
    if (!alarm) return;
    setFailure(undefined);
    const note = values.note?.trim();
    try {
      await update.mutateAsync({ id: alarm.id, handling: values.handling, ...(note ? { note } : {}) });
      void message.success(t('alarm.handled'));
      onClose();
    } catch (e) {
      setFailure(isApiError(e) ? e.message : tc('error.transport'));
    }
  }

  return (
    <Modal
      open={alarm !== null}
      title={alarm ? t('alarm.handleTitle', { type: typeName(t, alarm.type), device: alarm.deviceName }) : ''}
      okText={tc('action.save')}
      cancelText={tc('action.cancel')}
      confirmLoading={update.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<Values>
        form={form}
        layout="vertical"
        onFinish={(values) => void submit(values)}
        initialValues={{ handling: alarm?.handling ?? 'untreated', note: alarm?.note ?? '' }}
      >
        <Form.Item name="handling" label={t('alarm.field.handling')} rules={[{ required: true }]}>
          <Radio.Group
            optionType="button"
            options={HANDLING_STATES.map((h) => ({ value: h, label: handlingName(t, h) }))}
          />
        </Form.Item>
        <Form.Item name="note" label={t('alarm.field.note')} rules={[maxLengthRule(tc, NOTE_MAX)]}>
          <Input.TextArea rows={4} count={{ show: true, max: NOTE_MAX }} />
        </Form.Item>
      </Form>
      {failure && <Alert type="error" showIcon title={failure} />}
    </Modal>
  );
}
