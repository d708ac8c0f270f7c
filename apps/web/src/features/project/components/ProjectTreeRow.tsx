// What one row of the project tree shows (SPEC §2): a project or area with its logo, count, edit and menu buttons,
// a device by status, a recorder's channel by state, the more link, a group or one of its pages.
// Scrolling a tree of 10,000 devices shows dozens of new rows a frame, so a row is a memo component over its entry
// (stable while the forest is) and the tree's actions (stable until the language or privileges change), and it is
// mostly plain elements: antd components cost style hooks and extra elements in every row, so the node menu is one
// for the whole tree and tooltips mount only once the pointer reaches them.
import { memo, useState, type ReactElement, type ReactNode } from 'react';
import { Tooltip } from 'antd';
import {
  AimOutlined,
  CarOutlined,
  EditOutlined,
  EnvironmentOutlined,
  GlobalOutlined,
  HddOutlined,
  MoreOutlined,
  PictureOutlined,
  PlayCircleOutlined,
  PlaySquareOutlined,
  RobotOutlined,
  VideoCameraOutlined,
} from '@ant-design/icons';
import { Link } from 'react-router';
import type { ProjectNode } from '@svc/contracts';
import {
  channelOnline,
  nodeAllows,
  nodeMenuKeys,
  showsPlayAll,
  type TreeDevice,
  type TreeEntry,
  type TreeGroupKey,
} from './project-tree';

export type DeviceEntry = Extract<TreeEntry, { kind: 'device' }>;
export type ChannelEntry = Extract<TreeEntry, { kind: 'channel' }>;

/** What rows call back into the tree; one object for all rows, so a memo row re-renders only when it changes. */
export interface TreeRowActions {
  /** The tree's `t`; keys name their namespace, as the function is handed in rather than taken here. */
  t: (key: string, options?: Record<string, unknown>) => string;
  /** The status names, translated once rather than in every device row. */
  statuses: Record<TreeDevice['statusLive'], string>;
  can: (key: string) => boolean;
  /** A device click plays its first channel; the NVR play icon asks for every channel (`all`). */
  openDevice: (entry: DeviceEntry, channel?: number | 'all') => void;
  edit: (node: ProjectNode) => void;
  /** Opens the tree's one node menu below `opener` (the row's "more" button). */
  openMenu: (node: ProjectNode, opener: HTMLElement) => void;
}

const GROUP_ICONS: Record<TreeGroupKey, typeof GlobalOutlined> = {
  mapSettings: GlobalOutlined,
  videoAdministration: PlaySquareOutlined,
  aiService: RobotOutlined,
  locationTracking: AimOutlined,
};

export const TreeRowTitle = memo(function TreeRowTitle({
  entry,
  actions,
}: {
  entry: TreeEntry;
  actions: TreeRowActions;
}) {
  const { t } = actions;
  switch (entry.kind) {
    case 'device': {
      const { device } = entry;
      const Icon = device.devType === 'IPC' ? VideoCameraOutlined : HddOutlined;
      const row = (
        <>
          <span className="project-tree-label">{device.devName}</span>
          {/* Named by its status and placed after the name, so the row reads "name, status"; CSS shows it first. */}
          <Icon
            className={`device-status device-status-${device.statusLive}`}
            aria-label={actions.statuses[device.statusLive]}
          />
          {device.vehicle && (
            <HoverTip title={t('project:tree.vehicle')}>
              <CarOutlined className="project-tree-vehicle" aria-label={t('project:tree.vehicle')} />
            </HoverTip>
          )}
        </>
      );
      return showsPlayAll(device) ? (
        <NvrRow entry={entry} actions={actions}>
          {row}
        </NvrRow>
      ) : (
        <span className="project-tree-device" data-status={device.statusLive}>
          {row}
        </span>
      );
    }
    case 'channel': {
      const status = channelOnline(entry.device, entry.channel) ? 'online' : 'offline';
      return (
        <span className="project-tree-device project-tree-channel" data-status={status}>
          <span className="project-tree-label">{entry.channel.channelTitle}</span>
          <VideoCameraOutlined
            className={`device-status device-status-${status}`}
            aria-label={actions.statuses[status]}
          />
        </span>
      );
    }
    case 'channels':
      // Styled as the more link when it offers a retry; its row's click asks again.
      return (
        <span className={entry.status === 'failed' ? 'project-tree-more' : 'project-tree-channels'}>
          {t(
            entry.status === 'failed'
              ? 'project:tree.channelsFailed'
              : entry.status === 'empty'
                ? 'project:tree.noChannels'
                : 'project:tree.channelsLoading',
          )}
        </span>
      );
    case 'group': {
      const Icon = GROUP_ICONS[entry.group.key];
      return (
        <span className="project-tree-group">
          <Icon aria-hidden />
          <span className="project-tree-label">{t(`project:tree.group.${entry.group.key}`)}</span>
        </span>
      );
    }
    case 'page': {
      const { page } = entry;
      const label = t(`project:tree.page.${page.key}`);
      return page.href ? (
        // The row's own click navigates too; the link stops its click so the page opens once.
        <Link className="project-tree-page" to={page.href} onClick={(e) => e.stopPropagation()}>
          {label}
        </Link>
      ) : (
        <HoverTip title={t('project:tree.pageUnavailable')}>
          <span className="project-tree-page" aria-disabled="true">
            {label}
          </span>
        </HoverTip>
      );
    }
    case 'more':
      // Styled as a link; the row's click opens the device list, so it needs no element of its own to focus.
      return <span className="project-tree-more">{t('project:tree.more', { count: entry.node.deviceCount })}</span>;
    case 'node': {
      const { node } = entry;
      return (
        <span className={`project-tree-node project-tree-${node.kind}`}>
          {/* An area may have no logo (SPEC §5 requires one of projects only): it shows the area icon instead. */}
          {node.proLogo ? (
            <img className="project-tree-logo" src={node.proLogo} alt="" width={32} height={32} />
          ) : node.kind === 'area' ? (
            <EnvironmentOutlined aria-hidden />
          ) : (
            <PictureOutlined className="project-tree-logo" aria-hidden />
          )}
          <span className="project-tree-label">{node.title}</span>
          <span className="project-tree-count" aria-label={t('project:tree.deviceCount', { count: node.deviceCount })}>
            {node.deviceCount}
          </span>
          {node.kind === 'project' && nodeAllows(node, 'project-edit', actions.can) && (
            <button
              type="button"
              className="project-tree-button project-tree-edit"
              aria-label={t('project:tree.edit', { name: node.title })}
              onClick={(e) => {
                e.stopPropagation();
                actions.edit(node);
              }}
            >
              <EditOutlined aria-hidden />
            </button>
          )}
          {nodeMenuKeys(node, actions.can).length > 0 && (
            <button
              type="button"
              className="project-tree-button project-tree-actions"
              aria-label={t('project:tree.actions', { name: node.title })}
              aria-haspopup="menu"
              onClick={(e) => {
                e.stopPropagation();
                actions.openMenu(node, e.currentTarget);
              }}
            >
              <MoreOutlined aria-hidden />
            </button>
          )}
        </span>
      );
    }
  }
});

/** SPEC §2: hovering an NVR shows a play icon for all its channels; it stays reachable by keyboard while hidden. */
function NvrRow({ entry, actions, children }: { entry: DeviceEntry; actions: TreeRowActions; children: ReactNode }) {
  const [hover, setHover] = useState(false);
  const [focus, setFocus] = useState(false);
  const label = actions.t('project:tree.playAll', { name: entry.device.devName });
  return (
    <span
      className="project-tree-device"
      data-status={entry.device.statusLive}
      onMouseEnter={() => setHover(true)}
      onMouseLeave={() => setHover(false)}
    >
      {children}
      <button
        type="button"
        className="project-tree-button project-tree-play"
        aria-label={label}
        style={{ opacity: hover || focus ? 1 : 0 }}
        onFocus={() => setFocus(true)}
        onBlur={() => setFocus(false)}
        onClick={(e) => {
          e.stopPropagation();
          actions.openDevice(entry, 'all');
        }}
      >
        {/* Drawn only while shown: an NVR row is built by the dozen while the tree scrolls. The tooltip goes on the
            icon, not the button, so mounting it never replaces a focused button. */}
        {(hover || focus) && (
          <HoverTip title={label}>
            <PlayCircleOutlined aria-hidden />
          </HoverTip>
        )}
      </button>
    </span>
  );
}

/**
 * An antd Tooltip over `children`, mounted the first time the pointer enters them: most rows are never hovered,
 * and a Tooltip in each would cost its hooks in every row the tree mounts while scrolling. Once mounted it stays,
 * so it fades out as antd's does.
 */
function HoverTip({ title, children }: { title: string; children: ReactElement }) {
  const [open, setOpen] = useState<boolean | null>(null);
  return (
    <span className="project-tree-tip" onMouseEnter={() => setOpen(true)} onMouseLeave={() => setOpen(false)}>
      {open === null ? (
        children
      ) : (
        <Tooltip title={title} open={open}>
          {children}
        </Tooltip>
      )}
    </span>
  );
}
