// Auto-enrol (regional configuration): the node unknown devices carrying the regional code may enrol into, and the
// enterprise's enrolment secret they register with (shown to administrators, who may regenerate it).
import { Alert, Button, Flex, Form, Switch, TreeSelect, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ProjectNode, SipServer } from '@svc/contracts';
import { usePrivilege } from '@/lib/use-privilege';
import { useConfirmAction } from '@/components/use-confirm-action';
import { useMyProjectsQuery } from '@/features/project/api/projects-query';
import { nodeAllows } from '@/features/project';
import { useResetEnrolmentSecretMutation } from '../api/enrolment-secret-reset-mutation';
import { SecretText } from './SecretText';

interface EnrolOption {
  value: number;
  title: string;
  disabled: boolean;
  children: EnrolOption[];
}

/** Nodes where the user may not add devices stay visible for orientation but cannot be chosen (the server refuses them). */
export function enrolOptions(nodes: readonly ProjectNode[], can: (key: string) => boolean): EnrolOption[] {
  return nodes.map((n) => ({
    value: n.id,
    title: n.title,
    disabled: !nodeAllows(n, 'device-add', can),
    children: enrolOptions(n.children, can),
  }));
}

interface AutoEnrolSectionProps {
  /** The platform's SIP settings; for administrators, the enrolment secret self-enrolling devices register with. */
  sip: { data: SipServer | undefined; isError: boolean; retry: () => void };
}

export function AutoEnrolSection({ sip }: AutoEnrolSectionProps) {
  const { t } = useTranslation('project');
  const { t: tc } = useTranslation('common');
  const can = usePrivilege();
  const form = Form.useFormInstance();
  const enabled = Form.useWatch<boolean | undefined>('autoEnrol', form) ?? false;
  const projects = useMyProjectsQuery({ enabled: can('project') });
  return (
    <section className="regional-auto-enrol">
      <Typography.Title level={4} style={{ fontSize: 15 }}>
        {t('device.regional.autoEnrol')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('device.regional.autoEnrolHint')}</Typography.Paragraph>
      <Form.Item name="autoEnrol" valuePropName="checked" label={t('device.regional.autoEnrolSwitch')}>
        <Switch />
      </Form.Item>
      {enabled && (
        <>
          <Form.Item
            name="autoEnrolProjectId"
            label={t('device.regional.autoEnrolProject')}
            extra={
              projects.isError ? (
                <Typography.Link onClick={() => void projects.refetch()}>
                  {t('device.regional.projectsFailed')}
                </Typography.Link>
              ) : (
                t('device.regional.autoEnrolProjectHint')
              )
            }
            rules={[{ required: true, message: tc('validation.required') }]}
          >
            <TreeSelect<number>
              treeData={enrolOptions(projects.data ?? [], can)}
              loading={projects.isFetching}
              treeDefaultExpandAll
              showSearch
              treeNodeFilterProp="title"
              placeholder={t('device.form.projectPlaceholder')}
              popupMatchSelectWidth={false}
            />
          </Form.Item>
          <Form.Item label={t('device.regional.enrolmentSecret')} extra={t('device.regional.enrolmentSecretHint')}>
            {sip.data ? (
              <EnrolmentSecretValue sip={sip.data} />
            ) : sip.isError ? (
              <Alert
                type="warning"
                showIcon
                title={t('device.sip.loadFailed')}
                action={
                  <Button size="small" onClick={sip.retry}>
                    {tc('action.retry')}
                  </Button>
                }
              />
            ) : (
              <Typography.Text type="secondary">…</Typography.Text>
            )}
          </Form.Item>
        </>
      )}
    </section>
  );
}

/** The secret for administrators, with a way to regenerate it; for anyone else, whom to ask. */
function EnrolmentSecretValue({ sip }: { sip: SipServer }) {
  const { t } = useTranslation('project');
  const confirm = useConfirmAction();
  const reset = useResetEnrolmentSecretMutation();
  if (!sip.administrator)
    return (
      <Typography.Text type="secondary" className="regional-enrolment-ask">
        {t('device.regional.enrolmentSecretAskAdmin')}
      </Typography.Text>
    );
  if (sip.enrolmentSecret === null)
    return <Typography.Text type="secondary">{t('device.regional.enrolmentSecretNone')}</Typography.Text>;
  const confirmReset = () =>
    confirm({
      title: t('device.regional.enrolmentSecretResetConfirm'),
      okText: t('device.regional.enrolmentSecretReset'),
      danger: true,
      run: () => reset.mutateAsync(),
      done: t('device.regional.enrolmentSecretResetDone'),
    });
  return (
    <Flex align="center" gap={8} wrap>
      <SecretText value={sip.enrolmentSecret} className="regional-enrolment-secret" />
      <Button size="small" onClick={confirmReset} loading={reset.isPending}>
        {t('device.regional.enrolmentSecretReset')}
      </Button>
    </Flex>
  );
}
