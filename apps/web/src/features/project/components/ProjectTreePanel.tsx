// Left project-tree panel (SPEC §2 Layout). The tree itself arrives with the projects issue; until then, an honest empty state.
import { Empty, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

export function ProjectTreePanel() {
  const { t } = useTranslation('project');
  return (
    <section className="project-tree" aria-labelledby="project-tree-title">
      <header className="project-tree-head">
        <Typography.Title level={2} id="project-tree-title" className="project-tree-title">
          {t('tree.title')}
        </Typography.Title>
      </header>
      <div className="project-tree-body">
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={
            <>
              <Typography.Text strong>{t('tree.empty.title')}</Typography.Text>
              <br />
              <Typography.Text type="secondary">{t('tree.empty.description')}</Typography.Text>
            </>
          }
        />
      </div>
    </section>
  );
}
