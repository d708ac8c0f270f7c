// The alarm messages table: time, device, channel, region, type, content, read state, handling, picture with preview.
import { Badge, Button, Empty, Image, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Alarm } from '@svc/contracts';
import type { ReadStatus } from '../api/types';
import { HANDLING_COLORS, handlingName, typeName } from './alarm-labels';
import { formatTotal } from './alarm-query';

export const PAGE_SIZES = [10, 20, 50, 100];

interface AlarmTableProps {
  rows: Alarm[] | undefined;
  loading: boolean;
  page: number;
  size: number;
  total: number;
  totalCapped: boolean;
  selected: number[];
  onSelect: (ids: number[]) => void;
  onPage: (page: number, size: number) => void;
  onHandle: (alarm: Alarm) => void;
  onStatus: (ids: number[], status: ReadStatus) => void;
  onDelete: (ids: number[]) => void;
}

export function AlarmTable(props: AlarmTableProps) {
  const { t, i18n } = useTranslation('project');
  const { t: tc } = useTranslation('common');
  const { rows, loading, page, size, total, totalCapped, selected } = props;

  // What an operator decides on comes first and stays in view beside the fixed actions: picture, type, read state.
  const columns: TableColumnsType<Alarm> = [
    { key: 'time', dataIndex: 'alarmTime', title: t('alarm.field.time'), width: 170, fixed: 'left' },
    {
      key: 'picture',
      title: t('alarm.field.picture'),
      width: 90,
      render: (_, a) =>
        a.picture ? (
          <Image
            src={a.picture}
            width={56}
            height={36}
            style={{ objectFit: 'cover' }}
            alt={t('alarm.pictureAlt', { device: a.deviceName, time: a.alarmTime })}
          />
        ) : (
          <Typography.Text type="secondary">—</Typography.Text>
        ),
    },
    { key: 'device', dataIndex: 'deviceName', title: t('alarm.field.device'), width: 150, ellipsis: true },
    {
      key: 'type',
      title: t('alarm.field.type'),
      width: 140,
      render: (_, a) => <Tag>{typeName(t, a.type)}</Tag>,
    },
    {
      key: 'status',
      title: t('alarm.field.status'),
      width: 90,
      render: (_, a) =>
        a.status === 1 ? (
          <Badge status="default" text={t('alarm.status.read')} />
        ) : (
          <Badge status="processing" text={t('alarm.status.unread')} />
        ),
    },
    {
      key: 'handling',
      title: t('alarm.field.handling'),
      width: 100,
      render: (_, a) => <Tag color={HANDLING_COLORS[a.handling]}>{handlingName(t, a.handling)}</Tag>,
    },
    {
      key: 'channel',
      title: t('alarm.field.channel'),
      width: 110,
      render: (_, a) => a.channelTitle ?? (a.channel !== null ? t('alarm.channelNumber', { n: a.channel }) : '—'),
    },
    { key: 'region', dataIndex: 'projectName', title: t('alarm.field.region'), width: 130, ellipsis: true },
    { key: 'content', dataIndex: 'content', title: t('alarm.field.content'), ellipsis: true, width: 220 },
    {
      key: 'actions',
      title: tc('table.actions'),
      // Room for the longest labels (English "Mark unread") with delete still in view.
      width: 240,
      fixed: 'right',
      render: (_, a) => (
        <Space size={4}>
          <Button type="link" size="small" onClick={() => props.onHandle(a)}>
            {t('alarm.handle')}
          </Button>
          <Button type="link" size="small" onClick={() => props.onStatus([a.id], a.status === 1 ? 0 : 1)}>
            {a.status === 1 ? t('alarm.markUnread') : t('alarm.markRead')}
          </Button>
          <Button type="link" size="small" danger onClick={() => props.onDelete([a.id])}>
            {tc('action.delete')}
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <Table<Alarm>
      rowKey="id"
      size="middle"
      columns={columns}
      dataSource={rows}
      loading={loading}
      scroll={{ x: 1400 }}
      rowSelection={{ selectedRowKeys: selected, onChange: (keys) => props.onSelect(keys.map(Number)) }}
      locale={{ emptyText: <Empty description={t('alarm.empty')} /> }}
      pagination={{
        current: page,
        pageSize: size,
        total,
        pageSizeOptions: PAGE_SIZES,
        showSizeChanger: true,
        showTotal: () => t('alarm.total', { total: formatTotal(total, totalCapped, i18n.language) }),
        onChange: props.onPage,
      }}
    />
  );
}
