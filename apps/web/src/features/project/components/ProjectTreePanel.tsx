// Left project-tree panel (SPEC §2 Layout, Tree clicks): projects with logo, areas, devices by status, recorders
// unfolding to their channels, more links, the groups of pages each project opens, add/edit/delete.
import { useCallback, useMemo, useRef, useState, type MouseEvent } from 'react';
import { App, Button, Dropdown, Spin, Tooltip, Typography, type MenuProps } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { ProjectNode } from '@svc/contracts';
import { useSession } from '@/lib/session-context';
import { usePrivilege } from '@/lib/use-privilege';
import { CONSOLE_PAGES } from '@/lib/paths';
import { useWindowHeight } from '@/lib/use-window-height';
import { LoadFailed } from '@/components/LoadFailed';
import { useConfirmDelete } from '@/components/use-confirm-action';
import { deviceKeys } from '../api/keys';
import { useDeleteProjectsMutation } from '../api/project-delete-mutation';
import { useMyProjectsQuery } from '../api/projects-query';
import { useTreeChannels } from '../api/tree-channels-query';
import { NoProjects } from './NoProjects';
import { ProjectFormModal, type ProjectFormTarget } from './ProjectFormModal';
import { ProjectTreeList } from './ProjectTreeList';
import type { ChannelEntry, DeviceEntry, TreeRowActions } from './ProjectTreeRow';
import {
  buildTree,
  channelClick,
  channelEntries,
  deviceClick,
  isRecorder,
  recorderOfKey,
  liveQuery,
  nodeMenuKeys,
  toggleExpanded,
  treeGroups,
  visibleRows,
  type ChannelClick,
  type TreeDevice,
  type TreeEntry,
} from './project-tree';
import './project-tree.css';

export const LIVE_PATH = '/project/live';
export const DEVICE_LIST_PATH = '/project/device';
/** Header, tab bar, the panel's own header and padding: what the virtual tree's height leaves out. */
const TREE_OFFSET = 103 + 60;

/** `routes`: the console pages the groups' entries link into; tests pass their own, as TabPages' do. */
export function ProjectTreePanel({ routes = CONSOLE_PAGES }: { routes?: readonly { path: string }[] } = {}) {
  const { t } = useTranslation('project');
  const can = usePrivilege();
  const projects = useMyProjectsQuery({ enabled: can('project') });
  const [formTarget, setFormTarget] = useState<ProjectFormTarget>();
  // Each opening gets a fresh dialog, so its form starts from this target's values, never the previous one's.
  const [formSeq, setFormSeq] = useState(0);
  // Stable: the tree's rows are memo components that take it.
  const openForm = useCallback((target: ProjectFormTarget) => {
    setFormSeq((n) => n + 1);
    setFormTarget(target);
  }, []);
  const forest = useMemo(() => projects.data ?? [], [projects.data]);

  return (
    <section className="project-tree" aria-labelledby="project-tree-title">
      <header className="project-tree-head">
        <Typography.Title level={2} id="project-tree-title" className="project-tree-title">
          {t('tree.title')}
        </Typography.Title>
        {can('project-add') && (
          <Tooltip title={t('tree.add')}>
            <Button
              type="text"
              size="small"
              icon={<PlusOutlined />}
              aria-label={t('tree.add')}
              onClick={() => openForm({ mode: 'add', parentId: null, kind: 'project' })}
            />
          </Tooltip>
        )}
      </header>
      {projects.isPending && projects.fetchStatus !== 'idle' ? (
        <div className="project-tree-body">
          <Spin aria-label={t('tree.loading')} />
        </div>
      ) : projects.isError ? (
        <div className="project-tree-body">
          <LoadFailed onRetry={() => void projects.refetch()} />
        </div>
      ) : forest.length === 0 ? (
        <div className="project-tree-body">
          <NoProjects compact onCreate={() => openForm({ mode: 'add', parentId: null, kind: 'project' })} />
        </div>
      ) : (
        <ProjectTree forest={forest} routes={routes} labelledBy="project-tree-title" onForm={openForm} />
      )}
      <ProjectFormModal key={formSeq} target={formTarget} forest={forest} onClose={() => setFormTarget(undefined)} />
    </section>
  );
}

function ProjectTree({
  forest,
  routes,
  labelledBy,
  onForm,
}: {
  forest: readonly ProjectNode[];
  routes: readonly { path: string }[];
  /** The id of the panel's title, which names the tree. */
  labelledBy: string;
  onForm: (target: ProjectFormTarget) => void;
}) {
  const { t } = useTranslation('project');
  const { message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const can = usePrivilege();
  const { showAiServices } = useSession();
  const height = Math.max(200, useWindowHeight() - TREE_OFFSET);
  const entries = useMemo(
    () => buildTree(forest, (node) => treeGroups(node, { can, showAiServices, routes })),
    [forest, can, showAiServices, routes],
  );
  // Top-level projects start open so their areas and devices show at once; their groups stay folded.
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() => new Set(entries.map((e) => e.key)));
  // Channels are listed to whoever may list them (the device area), for the recorders unfolded.
  const listsChannels = can('device');
  const recorders = useMemo(
    () => (listsChannels ? [...expanded].flatMap((key) => recorderOfKey(key) ?? []) : []),
    [expanded, listsChannels],
  );
  const channels = useTreeChannels(recorders);
  const rows = useMemo(
    () =>
      visibleRows(entries, expanded, (entry) =>
        listsChannels && entry.kind === 'device' && isRecorder(entry.device)
          ? channelEntries(entry, channels.get(entry.device.id))
          : undefined,
      ),
    [entries, expanded, listsChannels, channels],
  );
  const scrollRef = useRef<HTMLDivElement>(null);
  const [menu, setMenu] = useState<MenuTarget>();

  /** What a click on a device or a channel does: play it, or say why not. */
  const react = useCallback(
    (click: ChannelClick, device: TreeDevice, node: ProjectNode, channel: number | 'all') => {
      switch (click) {
        case 'noPermission':
          void message.warning(t('tree.noPermission'));
          return;
        case 'vehicle':
          void message.info(t('tree.vehicleDevice'));
          return;
        case 'offline':
          void message.error(t('tree.deviceOffline'));
          return;
        case 'channelOffline':
          void message.error(t('tree.channelOffline'));
          return;
        case 'live':
          void navigate(`${LIVE_PATH}?${liveQuery(device, node, { channel })}`);
          return;
      }
    },
    [message, navigate, t],
  );
  const openDevice = useCallback(
    (entry: DeviceEntry, channel: number | 'all' = 1) =>
      react(deviceClick(entry.device, entry.node, can), entry.device, entry.node, channel),
    [can, react],
  );
  const openChannel = useCallback(
    ({ device, channel, node }: ChannelEntry) =>
      react(channelClick(device, channel, node, can), device, node, channel.index),
    [can, react],
  );

  /** The menu opens on `at`, a box in the viewport (a button's, or a right click's point), placed in the tree's box. */
  const openMenu = useCallback((node: ProjectNode, at: ViewportBox) => {
    const origin = scrollRef.current!.getBoundingClientRect();
    setMenu((previous) => ({
      seq: (previous?.seq ?? 0) + 1,
      node,
      open: true,
      box: { left: at.left - origin.left, top: at.top - origin.top, width: at.width, height: at.height },
    }));
  }, []);

  const actions = useMemo<TreeRowActions>(
    () => ({
      t,
      statuses: { online: t('status.online'), dormancy: t('status.dormancy'), offline: t('status.offline') },
      can,
      openDevice,
      edit: (node) => onForm({ mode: 'edit', node }),
      openMenu: (node, opener) => openMenu(node, opener.getBoundingClientRect()),
    }),
    [t, can, openDevice, onForm, openMenu],
  );
  const toggle = useCallback((entry: TreeEntry) => setExpanded((keys) => toggleExpanded(keys, entry)), []);
  const activate = useCallback(
    (entry: TreeEntry) => {
      if (entry.kind === 'device') openDevice(entry);
      else if (entry.kind === 'channel') openChannel(entry);
      else if (entry.kind === 'channels' && entry.status === 'failed')
        void queryClient.refetchQueries({ queryKey: deviceKeys.channels(entry.device.id) });
      else if (entry.kind === 'more') void navigate(`${DEVICE_LIST_PATH}?projectId=${entry.node.id}`);
      else if (entry.kind === 'page' && entry.page.href) void navigate(entry.page.href);
      // A group's title folds and unfolds it, as its switcher does.
      else if (entry.kind === 'group') toggle(entry);
    },
    [navigate, openDevice, openChannel, queryClient, toggle],
  );
  const contextMenu = useCallback(
    (entry: TreeEntry, event: MouseEvent) => {
      if (entry.kind !== 'node' || nodeMenuKeys(entry.node, can).length === 0) return;
      event.preventDefault();
      openMenu(entry.node, { left: event.clientX, top: event.clientY, width: 0, height: 0 });
    },
    [can, openMenu],
  );
  // The menu stays where it opened: scrolling the rows away from it closes it, as a native menu does.
  const menuOpen = menu?.open === true;
  const closeOnScroll = useCallback(() => {
    if (menuOpen) setMenu((m) => m && { ...m, open: false });
  }, [menuOpen]);

  return (
    <div className="project-tree-scroll" ref={scrollRef}>
      <ProjectTreeList
        rows={rows}
        height={height}
        actions={actions}
        labelledBy={labelledBy}
        onToggle={toggle}
        onActivate={activate}
        onContextMenu={contextMenu}
        onScroll={closeOnScroll}
      />
      {menu && (
        <NodeMenu
          key={menu.seq}
          target={menu}
          onForm={onForm}
          onClose={() => setMenu((m) => (m?.seq === menu.seq ? { ...m, open: false } : m))}
        />
      )}
    </div>
  );
}

type ViewportBox = Pick<DOMRectReadOnly, 'left' | 'top' | 'width' | 'height'>;

interface MenuTarget {
  /** Each opening mounts a fresh menu, aligned to its own anchor. */
  seq: number;
  node: ProjectNode;
  open: boolean;
  /** Where it opens, relative to the tree's box. */
  box: ViewportBox;
}

/**
 * The node menu of SPEC §2 (add sub-project or area, edit, delete with confirm), one for the whole tree: antd's
 * Dropdown on an invisible anchor laid over the row's button or at the right click. Two Dropdowns in each project
 * and area row cost their hooks in every row the virtual tree mounts while scrolling.
 */
function NodeMenu({
  target,
  onForm,
  onClose,
}: {
  target: MenuTarget;
  onForm: (target: ProjectFormTarget) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('project');
  const { t: tc } = useTranslation('common');
  const confirm = useConfirmDelete();
  const can = usePrivilege();
  const remove = useDeleteProjectsMutation();
  const { node } = target;

  function confirmDelete() {
    // A refusal ("a node with children cannot be deleted") is the server's, shown by the api client.
    confirm({
      title: t('tree.deleteTitle', { name: node.title }),
      content: t('tree.deleteContent'),
      run: () => remove.mutateAsync([node.id]),
      done: t('tree.deleted'),
    });
  }

  const items: MenuProps['items'] = nodeMenuKeys(node, can).map((key) => {
    switch (key) {
      case 'sub':
        return {
          key,
          label: t('tree.addSub'),
          onClick: () => onForm({ mode: 'add', parentId: node.id, kind: 'project' }),
        };
      case 'area':
        return {
          key,
          label: t('tree.addArea'),
          onClick: () => onForm({ mode: 'add', parentId: node.id, kind: 'area' }),
        };
      case 'edit':
        return { key, label: tc('action.edit'), onClick: () => onForm({ mode: 'edit', node }) };
      case 'delete':
        return { key, danger: true, label: tc('action.delete'), onClick: confirmDelete };
    }
  });

  return (
    <Dropdown
      open={target.open}
      menu={{ items }}
      trigger={['click']}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      <span className="project-tree-menu-anchor" aria-hidden style={target.box} />
    </Dropdown>
  );
}
