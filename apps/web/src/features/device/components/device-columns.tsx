// Columns of the device list (SPEC §2 /project/device). At 1280 px the table has about 750 px beside the project
// tree, so what belongs together shares a cell: type and serial number under the name, when it was last heard
// from under the status, the address under the GB code. Every column is then in view without scrolling.
import { Space, Tooltip, Typography, type TableColumnsType } from 'antd';
import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import relativeTime from 'dayjs/plugin/relativeTime';
import { useTranslation } from 'react-i18next';
import type { Device } from '@svc/contracts';
import { ClippedText, EMPTY_CELL, IconAction } from '@/components/table-cells';
import { DeviceStatusBadge } from './DeviceStatusBadge';

// "3 minutes ago" in the language AntdProvider set on dayjs.
dayjs.extend(relativeTime);

const STATUS_WIDTH = 136;
const PROJECT_WIDTH = 104;
/** Room for the header ("Channels") on one line. */
const CHANNELS_WIDTH = 84;
/** A GB code's 20 digits in full. */
const CODE_WIDTH = 172;
const ACTIONS_WIDTH = 72;
/**
 * Below this the table scrolls: the name keeps at least 140 px (32 is the selection column), 740 px in all,
 * within the 750 px the table has at 1280 px.
 */
export const DEVICE_TABLE_MIN_WIDTH =
  32 + 140 + STATUS_WIDTH + PROJECT_WIDTH + CHANNELS_WIDTH + CODE_WIDTH + ACTIONS_WIDTH;

/** Where the device was last seen from: IP and port, or null before it ever connected. */
export function deviceAddress(device: Pick<Device, 'ip' | 'port'>): string | null {
  if (!device.ip) return null;
  return device.port ? `${device.ip}:${device.port}` : device.ip;
}

/** When the platform last heard from the device, as "3 minutes ago" with the exact time on hover. */
export function LastSeen({ at, now = Date.now() }: { at: string | null; now?: number }) {
  const { t } = useTranslation('project');
  if (!at) return <span className="cell-line cell-line-secondary">{t('device.neverSeen')}</span>;
  const seen = dayjs(at);
  return (
    <Tooltip title={seen.format('YYYY-MM-DD HH:mm:ss')} placement="topLeft">
      <span className="cell-line cell-line-secondary">
        <time dateTime={at}>{t('device.lastSeen', { when: dayjs(Math.min(seen.valueOf(), now)).from(now) })}</time>
      </span>
    </Tooltip>
  );
}

interface DeviceColumnsProps {
  can: (key: string) => boolean;
  onView: (device: Device) => void;
  onEdit: (device: Device) => void;
  onDelete: (device: Device) => void;
  /** When the list was answered: "last seen" reads relative to it. */
  now: number;
}

export function useDeviceColumns({ can, onView, onEdit, onDelete, now }: DeviceColumnsProps) {
  const { t } = useTranslation('project');
  const { t: tc } = useTranslation('common');
  const columns: TableColumnsType<Device> = [
    {
      key: 'devName',
      title: t('device.field.name'),
      fixed: 'left',
      render: (_, d) => (
        <>
          <Tooltip title={d.devName} placement="topLeft">
            <Typography.Link className="cell-line" onClick={() => onView(d)}>
              {d.devName}
            </Typography.Link>
          </Tooltip>
          <ClippedText text={`${d.devType} · ${d.sn}`} className="cell-line cell-line-secondary" />
        </>
      ),
    },
    {
      key: 'status',
      title: t('device.field.status'),
      width: STATUS_WIDTH,
      render: (_, d) => (
        <>
          <span className="cell-line">
            <DeviceStatusBadge status={d.statusLive} />
          </span>
          <LastSeen at={d.lastSeen} now={now} />
        </>
      ),
    },
    {
      key: 'project',
      title: t('device.field.project'),
      width: PROJECT_WIDTH,
      render: (_, d) => <ClippedText text={d.projectName} className="cell-line" />,
    },
    {
      key: 'channels',
      dataIndex: 'channelCount',
      title: t('device.field.channels'),
      width: CHANNELS_WIDTH,
      align: 'right',
    },
    {
      key: 'code',
      title: t('device.field.gbCodeAddress'),
      width: CODE_WIDTH,
      render: (_, d) => {
        const address = deviceAddress(d);
        return (
          <>
            {d.gbCode ? <ClippedText text={d.gbCode} className="cell-line cell-code" /> : EMPTY_CELL}
            {address ? (
              <ClippedText text={address} className="cell-line cell-line-secondary" />
            ) : (
              <span className="cell-line cell-line-secondary">{t('device.noAddress')}</span>
            )}
          </>
        );
      },
    },
    {
      key: 'actions',
      title: tc('table.actions'),
      width: ACTIONS_WIDTH,
      fixed: 'right',
      // Viewing is the name's link; the row's own buttons change the device.
      render: (_, d) => (
        <Space size={0}>
          {can('device-edit') && (
            <IconAction label={tc('action.edit')} icon={<EditOutlined />} onClick={() => onEdit(d)} />
          )}
          {can('device-delete') && (
            <IconAction label={tc('action.delete')} icon={<DeleteOutlined />} onClick={() => onDelete(d)} danger />
          )}
        </Space>
      ),
    },
  ];
  // Without either power the row has nothing to change: no empty column.
  return can('device-edit') || can('device-delete') ? columns : columns.filter((c) => c.key !== 'actions');
}
