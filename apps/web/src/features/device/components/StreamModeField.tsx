// The device's media transport (GB28181 stream mode): each choice explained, since the right one depends on the network.
import { Form, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { StreamMode } from '../api/device-save-mutation';
import { STREAM_MODES } from './device-form';

/** Catalogue keys of each mode's name and its one-line explanation. */
export const STREAM_MODE_KEYS: Record<StreamMode, { label: string; hint: string }> = {
  'TCP-PASSIVE': { label: 'device.streamMode.tcpPassive', hint: 'device.streamMode.tcpPassiveHint' },
  UDP: { label: 'device.streamMode.udp', hint: 'device.streamMode.udpHint' },
  'TCP-ACTIVE': { label: 'device.streamMode.tcpActive', hint: 'device.streamMode.tcpActiveHint' },
};

export function StreamModeField() {
  const { t } = useTranslation('project');
  const form = Form.useFormInstance();
  const current = Form.useWatch<StreamMode | undefined>('streamMode', form);
  const options = STREAM_MODES.map((mode) => ({
    value: mode,
    label: t(STREAM_MODE_KEYS[mode].label),
    hint: t(STREAM_MODE_KEYS[mode].hint),
  }));
  return (
    <Form.Item
      name="streamMode"
      label={t('device.field.streamMode')}
      tooltip={t('device.streamMode.help')}
      // The chosen mode's consequence stays in view after the list closes.
      extra={current ? t(STREAM_MODE_KEYS[current].hint) : undefined}
      rules={[{ required: true }]}
    >
      <Select
        options={options}
        optionRender={(option) => (
          <div>
            <div>{option.label}</div>
            <Typography.Text type="secondary" style={{ fontSize: 12, whiteSpace: 'normal' }}>
              {option.data.hint}
            </Typography.Text>
          </div>
        )}
      />
    </Form.Item>
  );
}
