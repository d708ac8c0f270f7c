// What a console without projects says: whoever may add projects is invited to create the first one;
// anyone else learns that projects come from an administrator's grant (not that something is broken).
import { Button, Empty, Flex, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { usePrivilege } from '@/lib/use-privilege';

export function NoProjects({ onCreate, compact = false }: { onCreate: () => void; compact?: boolean }) {
  const { t } = useTranslation('project');
  const can = usePrivilege();
  const mayAdd = can('project-add');
  return (
    <Empty
      image={compact ? Empty.PRESENTED_IMAGE_SIMPLE : undefined}
      style={compact ? undefined : { padding: '24px 0' }}
      description={
        <Flex vertical gap={4} align="center">
          <Typography.Text strong>{t(mayAdd ? 'tree.empty.title' : 'tree.empty.grantedTitle')}</Typography.Text>
          <Typography.Text type="secondary">
            {t(
              mayAdd
                ? compact
                  ? 'tree.empty.description'
                  : 'overview.projects.hint'
                : 'tree.empty.grantedDescription',
            )}
          </Typography.Text>
        </Flex>
      }
    >
      {mayAdd && (
        <Button type="primary" icon={<PlusOutlined />} onClick={onCreate}>
          {t('tree.empty.create')}
        </Button>
      )}
    </Empty>
  );
}
