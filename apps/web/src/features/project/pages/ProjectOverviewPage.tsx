// /project/index, the home tab: who is signed in and the project overview, empty until the projects issue lands.
import { Card, Empty, Flex, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../app/layout/session-context';

export default function ProjectOverviewPage() {
  const { t } = useTranslation('project');
  const session = useSession();
  const roleTags = session.isSuperMan
    ? [t('overview.role.superAdmin')]
    : session.isCloudAccount
      ? [t('overview.role.cloudAccount')]
      : session.roles.map((r) => r.roleName);
  return (
    <Flex vertical gap={16}>
      <Card>
        <Typography.Title level={1} style={{ fontSize: 22, margin: 0 }}>
          {t('overview.welcome', { name: session.name || session.loginName })}
        </Typography.Title>
        <Flex gap={8} wrap align="center" style={{ marginTop: 8 }}>
          <Typography.Text type="secondary">{session.userAccount.enterpriseName}</Typography.Text>
          {roleTags.map((role) => (
            <Tag key={role} color="blue" variant="outlined">
              {role}
            </Tag>
          ))}
        </Flex>
      </Card>
      <Card title={t('overview.projects.title')}>
        <Empty
          style={{ padding: '32px 0' }}
          description={
            <Flex vertical gap={4}>
              <Typography.Text strong>{t('overview.projects.empty')}</Typography.Text>
              <Typography.Text type="secondary">{t('overview.projects.hint')}</Typography.Text>
            </Flex>
          }
        />
      </Card>
    </Flex>
  );
}
