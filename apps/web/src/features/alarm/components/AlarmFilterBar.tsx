// Filters of the alarm list: project subtree, device, type A–H, time range (SPEC §5 end not before start), read and handling.
import { useEffect } from 'react';
import { App, DatePicker, Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { ALARM_TYPES, HANDLING_STATES, type AlarmFilter, type ProjectNode } from '@svc/contracts';
import { FilterBar, type FilterField } from '@/components/FilterBar';
import { ProjectTreeSelect } from '@/components/ProjectTreeSelect';
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

  /** After the bar has cleared the fields: the address's project stays chosen. */
  function reset() {
    form.setFieldsValue({ projectId });
    apply({ projectId });
  }

  const dateTime = (name: 'begin' | 'end', label: string): FilterField<AlarmFilterValues> => ({
    name,
    label,
    control: (
      <DatePicker showTime format={ALARM_TIME_FORMAT} aria-label={label} placeholder={label} style={{ width: 200 }} />
    ),
  });

  return (
    <FilterBar<AlarmFilterValues>
      form={form}
      labels="hidden"
      initialValues={{ projectId }}
      fields={[
        {
          name: 'projectId',
          label: t('alarm.filter.project'),
          control: (
            <ProjectTreeSelect
              forest={forest}
              allowClear
              loading={projectsLoading}
              placeholder={t('alarm.filter.allProjects')}
              aria-label={t('alarm.filter.project')}
              style={{ width: 200 }}
              onChange={() => form.setFieldValue('deviceId', undefined)}
            />
          ),
        },
        {
          name: 'deviceId',
          label: t('alarm.filter.device'),
          control: (
            <DeviceSelect
              projectId={chosenProject ?? undefined}
              allowClear
              placeholder={t('alarm.filter.allDevices')}
              aria-label={t('alarm.filter.device')}
              style={{ width: 200 }}
            />
          ),
        },
        {
          name: 'type',
          label: t('alarm.filter.type'),
          placeholder: t('alarm.filter.allTypes'),
          width: 170,
          options: ALARM_TYPES.map((type) => ({ value: type, label: typeName(t, type) })),
          popupMatchSelectWidth: false,
        },
        dateTime('begin', t('alarm.filter.begin')),
        dateTime('end', t('alarm.filter.end')),
        {
          name: 'status',
          label: t('alarm.filter.status'),
          placeholder: t('alarm.filter.allStatuses'),
          width: 130,
          options: [
            { value: 0, label: t('alarm.status.unread') },
            { value: 1, label: t('alarm.status.read') },
          ],
        },
        {
          name: 'handling',
          label: t('alarm.filter.handling'),
          placeholder: t('alarm.filter.allHandling'),
          width: 140,
          options: HANDLING_STATES.map((h) => ({ value: h, label: handlingName(t, h) })),
        },
      ]}
      onSearch={apply}
      onReset={reset}
    />
  );
}
