// The regional configuration form (SPEC §3, §5): server, the digit parts of GB codes with a preview, and auto-enrol.
import { useState } from 'react';
import { Alert, App, Button, Col, Flex, Form, Input, Row, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { RegionalConfig, SipServer } from '@svc/contracts';
import { isApiError } from '@/lib/api/client';
import { maxLengthRule, requiredRule } from '@/components/form-rules';
import { useSaveRegionalMutation } from '../api/regional-save-mutation';
import { AutoEnrolSection } from './AutoEnrolSection';
import {
  REGIONAL_DIGIT_FIELDS,
  paramErrorField,
  previewGbCode,
  regionalProblem,
  type RegionalDigitField,
} from './regional-form';

interface Values extends Record<RegionalDigitField, string> {
  server: string;
  autoEnrol: boolean;
  autoEnrolProjectId?: number;
}

const FIELDS = ['server', ...REGIONAL_DIGIT_FIELDS, 'autoEnrolProjectId'] as const;

const LABEL_KEYS: Record<RegionalDigitField, string> = {
  areaCode: 'device.regional.areaCode',
  unitNumber: 'device.regional.unitNumber',
  industryCode: 'device.regional.industryCode',
  typeCode: 'device.regional.typeCode',
  networkId: 'device.regional.networkId',
};

/** Example digits in the empty fields (Hefei's area code, as in GB/T 28181's own examples). */
const PLACEHOLDERS: Record<RegionalDigitField, string> = {
  areaCode: '340200',
  unitNumber: '00',
  industryCode: '00',
  typeCode: '132',
  networkId: '0',
};

interface RegionalConfigFormProps {
  config: RegionalConfig | null;
  sip: { data: SipServer | undefined; isError: boolean; retry: () => void };
  onDone: () => void;
}

export function RegionalConfigForm({ config, sip, onDone }: RegionalConfigFormProps) {
  const { t } = useTranslation('project');
  const { t: tc } = useTranslation('common');
  const { message } = App.useApp();
  const save = useSaveRegionalMutation();
  const [form] = Form.useForm<Values>();
  const [failure, setFailure] = useState<string>();
  const parts = Form.useWatch((values: Partial<Values>) => values, form);

  const digits = (field: RegionalDigitField) => ({
    validator: (_: unknown, value: unknown) => {
      if (typeof value !== 'string' || value === '') return Promise.resolve();
      const key = regionalProblem(field, value);
      return key ? Promise.reject(new Error(t(key))) : Promise.resolve();
    },
  });

  async function submit(values: Values) {
    setFailure(undefined);
    try {
      const msg = await save.mutateAsync({
        server: values.server.trim(),
        areaCode: values.areaCode,
        unitNumber: values.unitNumber,
        industryCode: values.industryCode,
        typeCode: values.typeCode,
        networkId: values.networkId,
        // Off means refuse devices nobody added, so the server is told so explicitly rather than left unchanged.
        autoEnrolProjectId: values.autoEnrol ? (values.autoEnrolProjectId ?? null) : null,
      });
      void message.success(msg || t('device.regional.saved'));
      onDone();
    } catch (e) {
      const text = isApiError(e) ? e.message : String(e);
      const field = paramErrorField(e, FIELDS);
      if (field) form.setFields([{ name: field, errors: [text] }]);
      else setFailure(text);
    }
  }

  return (
    <Form<Values>
      form={form}
      layout="vertical"
      className="regional-form"
      initialValues={{
        server: config?.server ?? (sip.data ? `${sip.data.ip}:${sip.data.port}` : ''),
        areaCode: config?.areaCode ?? '',
        unitNumber: config?.unitNumber ?? '',
        industryCode: config?.industryCode ?? '',
        typeCode: config?.typeCode ?? '',
        networkId: config?.networkId ?? '',
        autoEnrol: Boolean(config?.autoEnrolProjectId),
        autoEnrolProjectId: config?.autoEnrolProjectId ?? undefined,
      }}
      onFinish={(values) => void submit(values)}
    >
      {failure && <Alert type="error" showIcon title={failure} style={{ marginBottom: 16 }} />}
      {!config && <Alert type="info" showIcon title={t('device.regional.none')} style={{ marginBottom: 16 }} />}
      <Form.Item
        name="server"
        label={t('device.regional.server')}
        extra={t('device.regional.serverHint')}
        rules={[requiredRule(tc), maxLengthRule(tc, 64)]}
      >
        <Input autoComplete="off" />
      </Form.Item>
      <Row gutter={16}>
        {REGIONAL_DIGIT_FIELDS.map((field) => (
          <Col key={field} xs={24} sm={12} md={8}>
            <Form.Item
              name={field}
              label={t(LABEL_KEYS[field])}
              rules={[{ required: true, message: tc('validation.required') }, digits(field)]}
            >
              <Input inputMode="numeric" autoComplete="off" placeholder={PLACEHOLDERS[field]} />
            </Form.Item>
          </Col>
        ))}
      </Row>
      <Alert
        type="info"
        className="regional-preview"
        style={{ marginBottom: 24 }}
        title={
          <>
            {t('device.regional.preview')}{' '}
            <Typography.Text code copyable className="regional-preview-code">
              {previewGbCode(parts ?? {})}
            </Typography.Text>
          </>
        }
        description={t('device.regional.previewHint')}
      />
      <AutoEnrolSection sip={sip} />
      <Flex justify="end" gap={8}>
        <Button onClick={onDone}>{tc('action.cancel')}</Button>
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          {tc('action.save')}
        </Button>
      </Flex>
    </Form>
  );
}
