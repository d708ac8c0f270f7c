// /platform/info (SPEC §2): the enterprise info form, every field required (SPEC §5), logo upload; read-only without `info-edit`.
import { useState } from 'react';
import { Alert, App, Button, Card, Col, Flex, Form, Input, Row, Select, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/lib/api/client';
import { usePrivilege } from '@/lib/use-privilege';
import { requiredRule, checkRule, checks, maxLengthRule } from '@/components/form-rules';
import { LoadFailed } from '@/components/LoadFailed';
import { useUpdateEnterpriseInfoMutation } from '../api/enterprise-info-mutation';
import { useEnterpriseInfoQuery, type EnterpriseInfo } from '../api/enterprise-info-query';
import { LogoUpload, type LogoValue } from '../components/LogoUpload';
import './enterprise-info.css';

type TextField = Exclude<keyof EnterpriseInfo, 'logoUrl' | 'logoFileId'>;
type Values = Record<TextField, string> & { logo: LogoValue | null };

const FIELD_KEYS: Readonly<Record<TextField, string>> = {
  name: 'enterpriseInfo.field.name',
  identity: 'enterpriseInfo.field.identity',
  scale: 'enterpriseInfo.field.scale',
  industry: 'enterpriseInfo.field.industry',
  mainBusiness: 'enterpriseInfo.field.mainBusiness',
  region: 'enterpriseInfo.field.region',
  address: 'enterpriseInfo.field.address',
  mobile: 'enterpriseInfo.field.mobile',
  email: 'enterpriseInfo.field.email',
  backupEmail: 'enterpriseInfo.field.backupEmail',
  platformId: 'enterpriseInfo.field.platformId',
};

/** Enterprise sizes offered; the stored value is the range itself, so any language reads it back. */
const SCALE_KEYS: Readonly<Record<string, string>> = {
  '1-49': 'enterpriseInfo.scale.1',
  '50-199': 'enterpriseInfo.scale.2',
  '200-499': 'enterpriseInfo.scale.3',
  '500-999': 'enterpriseInfo.scale.4',
  '1000+': 'enterpriseInfo.scale.5',
};

export default function EnterpriseInfoPage() {
  const { t } = useTranslation('platform');
  const info = useEnterpriseInfoQuery();
  return (
    <Flex vertical gap={16} style={{ maxWidth: 1080 }}>
      <Typography.Title level={1} style={{ fontSize: 22, margin: 0 }}>
        {t('enterpriseInfo.title')}
      </Typography.Title>
      {info.isPending ? (
        <Card>
          <Spin className="info-spin" />
        </Card>
      ) : info.isError ? (
        <Card>
          <LoadFailed onRetry={() => void info.refetch()} />
        </Card>
      ) : (
        <EnterpriseInfoForm info={info.data} />
      )}
    </Flex>
  );
}

function EnterpriseInfoForm({ info }: { info: EnterpriseInfo }) {
  const { t } = useTranslation('platform');
  const { t: tc } = useTranslation('common');
  const { message } = App.useApp();
  const can = usePrivilege();
  const editable = can('info-edit');
  const save = useUpdateEnterpriseInfoMutation();
  const [form] = Form.useForm<Values>();
  const [failure, setFailure] = useState<string>();
  const required = [requiredRule(tc)];

  async function submit(values: Values) {
    setFailure(undefined);
    const trimmed = Object.fromEntries(
      Object.entries(values).map(([k, v]) => [k, typeof v === 'string' ? v.trim() : v]),
    ) as Values;
    const { logo, ...fields } = trimmed;
    try {
      await save.mutateAsync({ ...fields, logoFileId: logo!.id });
      void message.success(t('enterpriseInfo.saved'));
    } catch (e) {
      setFailure(isApiError(e) ? e.message : String(e));
    }
  }

  /** A text field of the form; `max` is its length limit, unless `rules` (a format rule naming its own) replace it. */
  const text = (name: TextField, max: number, extra: object = {}) => (
    <Form.Item name={name} label={t(FIELD_KEYS[name])} rules={[...required, maxLengthRule(tc, max)]} {...extra}>
      <Input autoComplete="off" />
    </Form.Item>
  );

  return (
    <Card>
      {!editable && <Alert type="info" showIcon title={t('enterpriseInfo.readOnly')} style={{ marginBottom: 16 }} />}
      <Form<Values>
        form={form}
        layout="vertical"
        disabled={!editable}
        className="info-form"
        initialValues={{
          name: info.name,
          identity: info.identity ?? '',
          scale: info.scale ?? undefined,
          industry: info.industry ?? '',
          mainBusiness: info.mainBusiness ?? '',
          region: info.region ?? '',
          address: info.address ?? '',
          mobile: info.mobile ?? '',
          email: info.email ?? '',
          backupEmail: info.backupEmail ?? '',
          platformId: info.platformId ?? '',
          logo: info.logoFileId && info.logoUrl ? { id: info.logoFileId, url: info.logoUrl } : null,
        }}
        onFinish={(values) => void submit(values)}
      >
        {failure && <Alert type="error" showIcon title={failure} style={{ marginBottom: 16 }} />}
        <Form.Item
          name="logo"
          label={t('enterpriseInfo.field.logo')}
          rules={[{ required: true, message: tc('validation.required') }]}
        >
          <LogoUpload disabled={!editable} />
        </Form.Item>
        <Row gutter={24}>
          <Col xs={24} md={12}>
            {text('name', 64)}
          </Col>
          <Col xs={24} md={12}>
            {text('identity', 64)}
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="scale" label={t(FIELD_KEYS.scale)} rules={required}>
              <Select
                placeholder={t('enterpriseInfo.scale.placeholder')}
                options={Object.entries(SCALE_KEYS).map(([value, key]) => ({ value, label: t(key) }))}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            {text('industry', 64)}
          </Col>
          <Col xs={24} md={12}>
            {text('region', 64)}
          </Col>
          <Col xs={24} md={12}>
            {text('platformId', 64)}
          </Col>
          <Col span={24}>
            <Form.Item
              name="mainBusiness"
              label={t(FIELD_KEYS.mainBusiness)}
              rules={[...required, maxLengthRule(tc, 200)]}
            >
              <Input.TextArea count={{ show: true, max: 200 }} autoSize={{ minRows: 2, maxRows: 4 }} />
            </Form.Item>
          </Col>
          <Col span={24}>{text('address', 200)}</Col>
          <Col xs={24} md={8}>
            {text('mobile', 11, { rules: [...required, checkRule(checks.mobile, tc)] })}
          </Col>
          <Col xs={24} md={8}>
            {text('email', 254, { rules: [...required, checkRule(checks.email, tc)] })}
          </Col>
          <Col xs={24} md={8}>
            {text('backupEmail', 254, { rules: [...required, checkRule(checks.email, tc)] })}
          </Col>
        </Row>
        {editable && (
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            {tc('action.save')}
          </Button>
        )}
      </Form>
    </Card>
  );
}
