// Add or edit a device (SPEC §3 Device, §5: serial number 13/16/20, GB code 20 digits, login name default Admin; stream
// mode; vehicle-mounted, SPEC §2).
import { App, Col, Form, Input, Row, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Device, ProjectNode } from '@svc/contracts';
import { FormModal } from '@/components/FormModal';
import { maxLengthRule, optionalText, requiredRule, RULE_HINT } from '@/components/form-rules';
import { ProjectTreeSelect } from '@/components/ProjectTreeSelect';
import {
  useSaveDeviceMutation,
  type AddDeviceBody,
  type StreamMode,
  type UpdateDeviceBody,
} from '../api/device-save-mutation';
import { DEFAULT_DEVICE_LOGIN, DEFAULT_STREAM_MODE, gbCodeProblem, snProblem } from './device-form';
import { SipSettingsPanel } from './SipSettingsPanel';
import { StreamModeField } from './StreamModeField';

interface Values {
  sn: string;
  devName: string;
  devType: 'IPC' | 'NVR' | 'DVR';
  projectId?: number;
  loginName?: string;
  password?: string;
  gbCode?: string;
  streamMode: StreamMode;
  vehicle: boolean;
}

interface DeviceFormModalProps {
  /** The device to edit, null to add one; undefined keeps the dialog closed. */
  device: Device | null | undefined;
  forest: readonly ProjectNode[];
  /** The project a new device goes to first (the list's filter). */
  defaultProjectId?: number;
  onClose: () => void;
}

export const DEVICE_TYPES = ['IPC', 'NVR', 'DVR'] as const;

export function DeviceFormModal({ device, forest, defaultProjectId, onClose }: DeviceFormModalProps) {
  const { t } = useTranslation('project');
  const { t: tc } = useTranslation('common');
  const { message } = App.useApp();
  const save = useSaveDeviceMutation();
  const [form] = Form.useForm<Values>();
  const gbCode = Form.useWatch('gbCode', form);
  const editing = device ?? null;

  const check = (problem: (v: string) => string | null) => ({
    validator: (_: unknown, value: unknown) => {
      if (typeof value !== 'string' || value === '') return Promise.resolve();
      const key = problem(value);
      return key ? Promise.reject(new Error(t(key))) : Promise.resolve();
    },
  });

  async function submit(values: Values) {
    const loginName = optionalText(values.loginName) ?? DEFAULT_DEVICE_LOGIN;
    if (editing) {
      const body: UpdateDeviceBody = {
        id: editing.id,
        devName: values.devName.trim(),
        projectId: values.projectId!,
        loginName,
        password: values.password ? values.password : undefined,
        gbCode: optionalText(values.gbCode) ?? null,
        streamMode: values.streamMode,
        vehicle: values.vehicle,
      };
      await save.mutateAsync(body);
      void message.success(t('device.saved'));
    } else {
      const body: AddDeviceBody = {
        sn: values.sn.trim(),
        devName: values.devName.trim(),
        devType: values.devType,
        projectId: values.projectId!,
        loginName,
        password: values.password ?? '',
        gbCode: optionalText(values.gbCode),
        streamMode: values.streamMode,
        vehicle: values.vehicle,
      };
      await save.mutateAsync(body);
      void message.success(t('device.added'));
    }
  }

  return (
    <FormModal<Values>
      form={form}
      title={editing ? t('device.editTitle', { name: editing.devName }) : t('device.addTitle')}
      open={device !== undefined}
      width={640}
      onClose={onClose}
      pending={save.isPending}
      className="device-form"
      initialValues={{
        sn: editing?.sn ?? '',
        devName: editing?.devName ?? '',
        devType: editing?.devType ?? 'IPC',
        projectId: editing?.projectId ?? defaultProjectId,
        loginName: editing?.loginName ?? DEFAULT_DEVICE_LOGIN,
        gbCode: editing?.gbCode ?? '',
        streamMode: editing?.streamMode ?? DEFAULT_STREAM_MODE,
        vehicle: editing?.vehicle ?? false,
      }}
      onSubmit={submit}
      // Outside the form: what to set on the device, not a field of it.
      afterForm={<SipSettingsPanel gbCode={gbCode} editing={Boolean(editing)} />}
    >
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item
            name="sn"
            className={RULE_HINT}
            label={t('device.field.sn')}
            extra={editing ? undefined : t('device.form.snRule')}
            rules={editing ? [] : [requiredRule(tc), check(snProblem)]}
          >
            <Input disabled={Boolean(editing)} autoComplete="off" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="devName" label={t('device.field.name')} rules={[requiredRule(tc), maxLengthRule(tc, 64)]}>
            <Input autoComplete="off" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="devType" label={t('device.field.type')} rules={[{ required: true }]}>
            <Select
              disabled={Boolean(editing)}
              options={DEVICE_TYPES.map((type) => ({ value: type, label: t(`device.type.${type}`) }))}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="projectId"
            label={t('device.field.project')}
            rules={[{ required: true, message: tc('validation.required') }]}
          >
            <ProjectTreeSelect forest={forest} placeholder={t('device.form.projectPlaceholder')} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="loginName"
            label={t('device.field.loginName')}
            rules={[requiredRule(tc), maxLengthRule(tc, 32)]}
          >
            <Input autoComplete="off" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="password"
            label={t('device.field.password')}
            extra={editing ? t('device.form.passwordKeep') : undefined}
            rules={[
              ...(editing ? [] : [{ required: true, message: tc('validation.required') }]),
              maxLengthRule(tc, 64),
            ]}
          >
            <Input.Password autoComplete="new-password" />
          </Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item
            name="gbCode"
            className={RULE_HINT}
            label={t('device.field.gbCode')}
            extra={t('device.form.gbCodeRule')}
            rules={[check(gbCodeProblem)]}
          >
            <Input inputMode="numeric" autoComplete="off" />
          </Form.Item>
        </Col>
        <Col span={24}>
          <StreamModeField />
        </Col>
        <Col span={24}>
          <Form.Item
            name="vehicle"
            label={t('device.field.vehicle')}
            extra={t('device.form.vehicleHint')}
            valuePropName="checked"
          >
            <Switch />
          </Form.Item>
        </Col>
      </Row>
    </FormModal>
  );
}
