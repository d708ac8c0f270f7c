// /project/index, the home tab: who is signed in, the project overview (projects, devices by type and status) and
// recent activity.
import { useState } from 'react';
import { Card, Col, Flex, Row, Statistic, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSession } from '@/lib/session-context';
import { usePrivilege } from '@/lib/use-privilege';
import { useDeviceCountsQuery } from '@/features/device/api/device-counts-query';
import { useMyProjectsQuery } from '../api/projects-query';
import { NoProjects } from '../components/NoProjects';
import { ProjectFormModal } from '../components/ProjectFormModal';
import { flattenNodes } from '../components/project-tree';
import { RecentActivityCard } from '../components/RecentActivityCard';

export default function ProjectOverviewPage() {
  const { t } = useTranslation('project');
  const session = useSession();
  const can = usePrivilege();
  const projects = useMyProjectsQuery({ enabled: can('project') });
  const counts = useDeviceCountsQuery({ enabled: can('device') });
  const nodes = flattenNodes(projects.data ?? []);
  // A new dialog per opening (its key), so the form always starts empty.
  const [creating, setCreating] = useState(0);
  const projectCount = nodes.filter((n) => n.kind === 'project').length;
  const areaCount = nodes.length - projectCount;
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
      <Card title={t('overview.projects.title')} loading={projects.isLoading}>
        {nodes.length === 0 ? (
          <NoProjects onCreate={() => setCreating((n) => n + 1)} />
        ) : (
          <Row gutter={[16, 24]}>
            <Col xs={12} md={6}>
              <Statistic title={t('overview.count.projects')} value={projectCount} />
            </Col>
            <Col xs={12} md={6}>
              <Statistic title={t('overview.count.areas')} value={areaCount} />
            </Col>
            {counts.data && (
              <>
                <Col xs={12} md={6}>
                  <Statistic title={t('overview.count.devices')} value={counts.data.total} />
                </Col>
                <Col xs={12} md={6}>
                  <Statistic
                    title={t('status.online')}
                    value={counts.data.byStatus.online}
                    styles={{ content: { color: '#389e0d' } }}
                  />
                </Col>
                <Col xs={12} md={6}>
                  <Statistic title={t('status.dormancy')} value={counts.data.byStatus.dormancy} />
                </Col>
                <Col xs={12} md={6}>
                  <Statistic title={t('status.offline')} value={counts.data.byStatus.offline} />
                </Col>
                <Col xs={24} md={12}>
                  <Flex gap={8} wrap align="center" style={{ height: '100%' }}>
                    {(['IPC', 'NVR', 'DVR'] as const).map((type) => (
                      <Tag key={type}>
                        {type} · {counts.data.byType[type]}
                      </Tag>
                    ))}
                  </Flex>
                </Col>
              </>
            )}
          </Row>
        )}
      </Card>
      {can('project') && <RecentActivityCard />}
      {creating > 0 && (
        <ProjectFormModal
          key={creating}
          target={{ mode: 'add', parentId: null, kind: 'project' }}
          forest={projects.data ?? []}
          onClose={() => setCreating(0)}
        />
      )}
    </Flex>
  );
}
