// Auto-enrol (regional configuration): the node unknown devices carrying the regional code may enrol into, and the password they use.
import { Alert, Button, Form, Switch, TreeSelect, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ProjectNode, SipServer } from '@svc/contracts';
import { usePrivilege } from '../../../app/layout/use-privilege';
import { useMyProjectsQuery } from '../../project/api/projects-query';
import { nodeAllows } from '../../project/components/project-tree';
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
  /** The platform's SIP settings; their password is what self-enrolling devices register with. */
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
          <Form.Item label={t('device.regional.defaultPassword')} extra={t('device.regional.defaultPasswordHint')}>
            {sip.data ? (
              <SecretText value={sip.data.password} className="regional-default-password" />
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
