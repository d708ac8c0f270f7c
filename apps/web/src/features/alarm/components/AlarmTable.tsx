// The alarm messages table: time with the read state, picture with preview, type and content, device with channel
// and region, handling, and the row's actions.
import { Badge, Button, Empty, Image, Space, Table, Tag, Tooltip, type TableColumnsType } from 'antd';
import { CheckOutlined, DeleteOutlined, EyeInvisibleOutlined, PlayCircleOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Alarm } from '@svc/contracts';
import { ClippedText, EMPTY_CELL, IconAction } from '@/components/table-cells';
import './alarm-table.css';
import type { ReadStatus } from '../api/types';
import { contentDetail, HANDLING_COLORS, handlingName, typeName } from './alarm-labels';
import { formatTotal } from './alarm-query';

export const PAGE_SIZES = [10, 20, 50, 100];

const TIME_WIDTH = 112;
/** Room for the header ("Picture") on one line. */
const PICTURE_WIDTH = 68;
const WHERE_WIDTH = 152;
const HANDLING_WIDTH = 92;
const ACTIONS_WIDTH = 124;
/** The live link's icon button beside the others. */
const LIVE_WIDTH = 28;
/**
 * Below this the table scrolls: the type and content keep at least 130 px (32 is the selection column). With the
 * live button it is 738 px, within the 750 px the table has at 1280 px.
 */
const MIN_WIDTH = 32 + TIME_WIDTH + PICTURE_WIDTH + WHERE_WIDTH + HANDLING_WIDTH + ACTIONS_WIDTH + 130;

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
  /** Plays the alarm's channel in live view; null when the user may not open live view. */
  onLive: ((alarm: Alarm) => void) | null;
  /** A picture's preview opened or closed. */
  onPreview: (open: boolean) => void;
}

export function AlarmTable(props: AlarmTableProps) {
  const { t, i18n } = useTranslation('project');
  const { t: tc } = useTranslation('common');
  const { rows, loading, page, size, total, totalCapped, selected } = props;

  // At 1280 px the table has about 750 px beside the project tree, so what belongs together shares a cell: the read
  // state marks the time, the type heads the content, channel and region go under the device. Every column an
  // operator decides on is then in view without scrolling, none under the fixed actions.
  const columns: TableColumnsType<Alarm> = [
    {
      key: 'time',
      title: t('alarm.field.time'),
      width: TIME_WIDTH,
      fixed: 'left',
      render: (_, a) => <AlarmTime alarm={a} />,
    },
    {
      key: 'picture',
      title: t('alarm.field.picture'),
      width: PICTURE_WIDTH,
      render: (_, a) =>
        a.picture ? (
          <Image
            src={a.picture}
            width={44}
            height={32}
            style={{ objectFit: 'cover', borderRadius: 2 }}
            alt={t('alarm.pictureAlt', { device: a.deviceName, time: a.alarmTime })}
            preview={{ onOpenChange: props.onPreview }}
          />
        ) : (
          EMPTY_CELL
        ),
    },
    {
      key: 'what',
      title: t('alarm.field.typeContent'),
      render: (_, a) => {
        // A device that named its event by the type's own name says no more than the tag.
        const detail = contentDetail(t, a);
        return (
          <>
            <Tooltip title={typeName(t, a.type)} placement="topLeft">
              <Tag className="cell-line-tag">{typeName(t, a.type)}</Tag>
            </Tooltip>
            {detail && <ClippedText text={detail} className="cell-line" />}
          </>
        );
      },
    },
    {
      key: 'where',
      title: t('alarm.field.deviceRegion'),
      width: WHERE_WIDTH,
      render: (_, a) => {
        // A camera's one channel is usually titled as the camera: then its number says more.
        const titled = a.channelTitle && a.channelTitle !== a.deviceName ? a.channelTitle : null;
        const channel = titled ?? (a.channel !== null ? t('alarm.channelNumber', { n: a.channel }) : null);
        const place = [channel, a.projectName].filter(Boolean).join(' · ');
        return (
          <>
            <ClippedText text={a.deviceName} className="cell-line" />
            <ClippedText text={place} className="cell-line cell-line-secondary" />
          </>
        );
      },
    },
    {
      key: 'handling',
      title: t('alarm.field.handling'),
      width: HANDLING_WIDTH,
      render: (_, a) => <Tag color={HANDLING_COLORS[a.handling]}>{handlingName(t, a.handling)}</Tag>,
    },
    {
      key: 'actions',
      title: tc('table.actions'),
      width: ACTIONS_WIDTH + (props.onLive ? LIVE_WIDTH : 0),
      fixed: 'right',
      render: (_, a) => {
        const read = a.status === 1;
        const toggle = read ? t('alarm.markUnread') : t('alarm.markRead');
        return (
          <Space size={0}>
            {props.onLive && (
              <Tooltip title={t('alarm.live')}>
                <Button
                  type="text"
                  size="small"
                  className="alarm-live"
                  aria-label={t('alarm.liveLabel', { device: a.channelTitle ?? a.deviceName })}
                  icon={<PlayCircleOutlined />}
                  onClick={() => props.onLive?.(a)}
                />
              </Tooltip>
            )}
            <Button type="link" size="small" onClick={() => props.onHandle(a)}>
              {t('alarm.handle')}
            </Button>
            <IconAction
              label={toggle}
              icon={read ? <EyeInvisibleOutlined /> : <CheckOutlined />}
              onClick={() => props.onStatus([a.id], read ? 0 : 1)}
            />
            <IconAction
              label={tc('action.delete')}
              icon={<DeleteOutlined />}
              onClick={() => props.onDelete([a.id])}
              danger
            />
          </Space>
        );
      },
    },
  ];

  return (
    <Table<Alarm>
      rowKey="id"
      size="middle"
      columns={columns}
      dataSource={rows}
      loading={loading}
      tableLayout="fixed"
      scroll={{ x: MIN_WIDTH + (props.onLive ? LIVE_WIDTH : 0) }}
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

/** The alarm time on two lines (date, then time), marked while unread: a dot and bold type, named for screen readers. */
function AlarmTime({ alarm }: { alarm: Alarm }) {
  const { t } = useTranslation('project');
  const unread = alarm.status !== 1;
  const [date, time] = alarm.alarmTime.split(' ');
  const state = unread ? t('alarm.status.unread') : t('alarm.status.read');
  return (
    <div className={unread ? 'alarm-time alarm-time-unread' : 'alarm-time'}>
      <Tooltip title={state}>
        <Badge status={unread ? 'processing' : 'default'} aria-label={state} role="img" />
      </Tooltip>
      <span>
        <span className="cell-line">{date}</span>
        <span className="cell-line cell-line-secondary">{time}</span>
      </span>
    </div>
  );
}
