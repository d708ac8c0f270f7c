// The overview's recent activity (SPEC §2 /project/index): devices coming and going, devices and projects added
// or deleted, newest first, with how long ago and the exact local time on hover.
import { Card, Empty, Flex, Timeline, Tooltip, Typography } from 'antd';
import {
  CheckCircleOutlined,
  DeleteOutlined,
  DisconnectOutlined,
  FolderAddOutlined,
  MinusCircleOutlined,
  PlusCircleOutlined,
} from '@ant-design/icons';
import type { Activity } from '@svc/contracts';
import dayjs from 'dayjs';
import relativeTime from 'dayjs/plugin/relativeTime';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '@/components/LoadFailed';
import { useRecentActivityQuery } from '../api/activity-query';
import { activitySentence, activityTone, type ActivityTone } from './recent-activity';

// "3 minutes ago" in the language AntdProvider set on dayjs.
dayjs.extend(relativeTime);

const TONE_COLOURS: Record<ActivityTone, string> = {
  online: '#52c41a',
  offline: '#8c8c8c',
  added: '#1456c4',
  deleted: '#fa8c16',
};

const KIND_ICONS: Record<Activity['kind'], typeof CheckCircleOutlined> = {
  'device.online': CheckCircleOutlined,
  'device.offline': DisconnectOutlined,
  'device.added': PlusCircleOutlined,
  'device.deleted': MinusCircleOutlined,
  'project.added': FolderAddOutlined,
  'project.deleted': DeleteOutlined,
};

export function RecentActivityCard() {
  const { t } = useTranslation('project');
  const activity = useRecentActivityQuery();
  // Times read relative to the last answer, so each refresh also moves "3 minutes ago" on; a clock a little
  // behind the server's never shows an entry in the future.
  const now = activity.dataUpdatedAt;

  return (
    <Card title={t('overview.activity.title')} loading={activity.isPending && activity.fetchStatus !== 'idle'}>
      {activity.isError ? (
        <LoadFailed onRetry={() => void activity.refetch()} />
      ) : !activity.data || activity.data.length === 0 ? (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={
            <Flex vertical gap={4}>
              <Typography.Text strong>{t('overview.activity.empty')}</Typography.Text>
              <Typography.Text type="secondary">{t('overview.activity.emptyHint')}</Typography.Text>
            </Flex>
          }
        />
      ) : (
        <Timeline
          className="recent-activity"
          items={activity.data.map((entry) => {
            const sentence = activitySentence(entry, t('overview.activity.platform'));
            const colour = TONE_COLOURS[activityTone(entry.kind)];
            const Icon = KIND_ICONS[entry.kind];
            const at = dayjs(entry.at);
            return {
              key: entry.id,
              color: colour,
              icon: <Icon style={{ color: colour, fontSize: 16 }} aria-hidden />,
              content: (
                <Flex vertical gap={2} data-kind={entry.kind}>
                  <Typography.Text>{t(sentence.key, sentence.values)}</Typography.Text>
                  <Tooltip title={at.format('YYYY-MM-DD HH:mm:ss')}>
                    <Typography.Text type="secondary" style={{ fontSize: 12, width: 'fit-content' }}>
                      <time dateTime={entry.at}>{dayjs(Math.min(at.valueOf(), now)).from(now)}</time>
                    </Typography.Text>
                  </Tooltip>
                </Flex>
              ),
            };
          })}
        />
      )}
    </Card>
  );
}
