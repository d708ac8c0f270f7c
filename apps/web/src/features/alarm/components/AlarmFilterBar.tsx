// Filters of the alarm list: project subtree, device, type A–H, time range (SPEC §5 end not before start), read and handling.
import { useEffect } from 'react';
import { App, Button, DatePicker, Flex, Form, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { ALARM_TYPES, HANDLING_STATES, type AlarmFilter, type ProjectNode } from '@svc/contracts';
import { ProjectTreeSelect } from '../../project/components/ProjectTreeSelect';
import { handlingName, typeName } from './alarm-labels';
import { ALARM_TIME_FORMAT, toAlarmFilter, type AlarmFilterValues } from './alarm-query';
import { DeviceSelect } from './DeviceSelect';

interface AlarmFilterBarProps {
  forest: readonly ProjectNode[];
  projectsLoading: boolean;
  /** The project chosen in the address (`?projectId=`, the tree's links); the form follows it. */
  projectId?: number;
  onApply: (filter: AlarmFilter) => void;
}

export function AlarmFilterBar({ forest, projectsLoading, projectId, onApply }: AlarmFilterBarProps) {
  const { t } = useTranslation('project');
  const { t: tc } = useTranslation('common');
  const { message } = App.useApp();
  const [form] = Form.useForm<AlarmFilterValues>();
  const chosenProject = Form.useWatch('projectId', form);

  useEffect(() => {
    form.setFieldsValue({ projectId, deviceId: undefined });
  }, [form, projectId]);

  function apply(values: AlarmFilterValues) {
    const result = toAlarmFilter(values);
    if ('error' in result) {
      const text = t(result.error);
      form.setFields([{ name: 'end', errors: [text] }]);
      void message.warning(text);
      return;
    }
    form.setFields([{ name: 'end', errors: [] }]);
    onApply(result.filter);
  }

  function reset() {
    form.resetFields();
    form.setFieldsValue({ projectId });
    apply({ projectId });
  }

  return (
    <Form<AlarmFilterValues> form={form} layout="inline" onFinish={apply} initialValues={{ projectId }}>
      <Flex gap={12} wrap>
        <Form.Item name="projectId" noStyle>
          <ProjectTreeSelect
            forest={forest}
            allowClear
            loading={projectsLoading}
            placeholder={t('alarm.filter.allProjects')}
            aria-label={t('alarm.filter.project')}
            style={{ width: 200 }}
            onChange={() => form.setFieldValue('deviceId', undefined)}
          />
        </Form.Item>
        <Form.Item name="deviceId" noStyle>
          <DeviceSelect
            projectId={chosenProject ?? undefined}
            allowClear
            placeholder={t('alarm.filter.allDevices')}
            aria-label={t('alarm.filter.device')}
            style={{ width: 200 }}
          />
        </Form.Item>
        <Form.Item name="type" noStyle>
          <Select
            allowClear
            style={{ width: 170 }}
            aria-label={t('alarm.filter.type')}
            placeholder={t('alarm.filter.allTypes')}
            options={ALARM_TYPES.map((type) => ({ value: type, label: typeName(t, type) }))}
            popupMatchSelectWidth={false}
          />
        </Form.Item>
        <Form.Item name="begin" noStyle>
          <DatePicker
            showTime
            format={ALARM_TIME_FORMAT}
            aria-label={t('alarm.filter.begin')}
            placeholder={t('alarm.filter.begin')}
            style={{ width: 200 }}
          />
        </Form.Item>
        <Form.Item name="end" style={{ marginInlineEnd: 0 }}>
          <DatePicker
            showTime
            format={ALARM_TIME_FORMAT}
            aria-label={t('alarm.filter.end')}
            placeholder={t('alarm.filter.end')}
            style={{ width: 200 }}
          />
        </Form.Item>
        <Form.Item name="status" noStyle>
          <Select
            allowClear
            style={{ width: 130 }}
            aria-label={t('alarm.filter.status')}
            placeholder={t('alarm.filter.allStatuses')}
            options={[
              { value: 0, label: t('alarm.status.unread') },
              { value: 1, label: t('alarm.status.read') },
            ]}
          />
        </Form.Item>
        <Form.Item name="handling" noStyle>
          <Select
            allowClear
            style={{ width: 140 }}
            aria-label={t('alarm.filter.handling')}
            placeholder={t('alarm.filter.allHandling')}
            options={HANDLING_STATES.map((h) => ({ value: h, label: handlingName(t, h) }))}
          />
        </Form.Item>
        <Button type="primary" htmlType="submit">
          {tc('action.search')}
        </Button>
        <Button onClick={reset}>{tc('action.reset')}</Button>
      </Flex>
    </Form>
  );
}
