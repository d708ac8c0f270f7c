// The per-row answer of a staff import: how many were added, and each refused row with its reason.
import { Alert, Flex, Table, Typography } from 'antd';
import type { ImportReport as Report } from '@svc/contracts';
import { useTranslation } from 'react-i18next';

type Refused = Report['refused'][number];

export function ImportReport({ report }: { report: Report }) {
  const { t } = useTranslation('user');
  const refused = report.refused.length;
  return (
    <Flex vertical gap={12} className="org-import-report">
      <Alert
        type={refused === 0 ? 'success' : report.added === 0 ? 'error' : 'warning'}
        showIcon
        title={t('import.report.summary', { added: report.added, refused })}
      />
      {refused > 0 && (
        <>
          <Typography.Text strong>{t('import.report.refusedTitle')}</Typography.Text>
          <Table<Refused>
            size="small"
            rowKey={(r) => `${r.row}-${r.loginName ?? ''}`}
            dataSource={report.refused}
            pagination={refused > 10 ? { pageSize: 10, size: 'small', showSizeChanger: false } : false}
            columns={[
              { key: 'row', dataIndex: 'row', title: t('import.report.row'), width: 80 },
              {
                key: 'loginName',
                dataIndex: 'loginName',
                title: t('staff.field.loginName'),
                width: 160,
                render: (name: string | null) => name ?? '—',
              },
              { key: 'reason', dataIndex: 'reason', title: t('import.report.reason') },
            ]}
          />
        </>
      )}
    </Flex>
  );
}
