// Edit one channel of a device (SPEC §3 Channel): its name, whether it is enabled, its camera type and its place on the map.
import { App, Col, Form, Input, InputNumber, Row, Select, Switch, Typography, type FormRule } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormModal } from '@/components/FormModal';
import { maxLengthRule, requiredRule } from '@/components/form-rules';
import { useUpdateChannelMutation } from '../api/channel-update-mutation';
import type { CameraType, ChannelDetail } from '../api/device-channels-query';

const CAMERA_TYPES = ['ordinary', 'speedDome', 'hemisphere'] as const satisfies readonly CameraType[];
/** The server's limits (UpdateChannelSchema). */
const TITLE_MAX = 64;
const COORDINATE_LIMIT = { longitude: 180, latitude: 90 } as const;

type Coordinate = keyof typeof COORDINATE_LIMIT;

interface Values {
  channelTitle: string;
  enable: boolean;
  cameraType: CameraType;
  longitude: number | null;
  latitude: number | null;
}

interface ChannelEditModalProps {
  deviceId: number;
  /** The channel to edit; undefined keeps the dialog closed. */
  channel: ChannelDetail | undefined;
  onClose: () => void;
}

export function ChannelEditModal({ deviceId, channel, onClose }: ChannelEditModalProps) {
  const { t } = useTranslation('project');
  const { t: tc } = useTranslation('common');
  const { message } = App.useApp();
  const update = useUpdateChannelMutation(deviceId);
  const [form] = Form.useForm<Values>();

  const rangeHint = (field: Coordinate) =>
    t('device.channels.form.range', { min: -COORDINATE_LIMIT[field], max: COORDINATE_LIMIT[field] });
  // Not min/max on the inputs: antd would clamp an entry out of range on blur without a word; the rule says why.
  const coordinateRules = (field: Coordinate, other: Coordinate): FormRule[] => [
    {
      type: 'number',
      min: -COORDINATE_LIMIT[field],
      max: COORDINATE_LIMIT[field],
      message: t(`device.channels.form.${field}Range`),
    },
    // A place needs both numbers; the message goes on the missing one, not on both.
    ({ getFieldValue }) => ({
      validator: (_, value: number | null | undefined) =>
        value == null && getFieldValue(other) != null
          ? Promise.reject(new Error(t(`device.channels.form.${field}Missing`)))
          : Promise.resolve(),
    }),
  ];

  async function submit(values: Values) {
    if (!channel) return;
    await update.mutateAsync({
      id: channel.id,
      channelTitle: values.channelTitle.trim(),
      enable: values.enable,
      cameraType: values.cameraType,
      longitude: values.longitude ?? null,
      latitude: values.latitude ?? null,
    });
    void message.success(t('device.channels.saved'));
  }

  return (
    <FormModal<Values>
      form={form}
      title={channel ? t('device.channels.editTitle', { name: channel.channelTitle || channel.index }) : undefined}
      open={channel !== undefined}
      width={480}
      onClose={onClose}
      pending={update.isPending}
      initialValues={{
        channelTitle: channel?.channelTitle ?? '',
        enable: channel?.enable ?? true,
        cameraType: channel?.cameraType ?? 'ordinary',
        longitude: channel?.longitude ?? null,
        latitude: channel?.latitude ?? null,
      }}
      onSubmit={submit}
    >
      <Form.Item
        name="channelTitle"
        label={t('device.channels.field.name')}
        rules={[requiredRule(tc), maxLengthRule(tc, TITLE_MAX)]}
      >
        <Input autoComplete="off" />
      </Form.Item>
      <Row gutter={16}>
        <Col span={16}>
          <Form.Item name="cameraType" label={t('device.channels.cameraType')}>
            <Select options={CAMERA_TYPES.map((type) => ({ value: type, label: t(`device.cameraType.${type}`) }))} />
          </Form.Item>
        </Col>
        <Col span={8}>
          <Form.Item name="enable" label={t('device.channels.enable')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Col>
      </Row>
      <Row gutter={16}>
        <Col span={12}>
          <Form.Item
            name="longitude"
            label={t('device.channels.field.longitude')}
            dependencies={['latitude']}
            rules={coordinateRules('longitude', 'latitude')}
          >
            <InputNumber style={{ width: '100%' }} placeholder={rangeHint('longitude')} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item
            name="latitude"
            label={t('device.channels.field.latitude')}
            dependencies={['longitude']}
            rules={coordinateRules('latitude', 'longitude')}
          >
            <InputNumber style={{ width: '100%' }} placeholder={rangeHint('latitude')} />
          </Form.Item>
        </Col>
      </Row>
      <Typography.Text type="secondary">{t('device.channels.form.placeHint')}</Typography.Text>
    </FormModal>
  );
}
