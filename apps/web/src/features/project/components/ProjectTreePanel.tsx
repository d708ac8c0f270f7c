// Left project-tree panel (SPEC §2 Layout, Tree clicks): projects with logo, areas, devices by status, more links,
// the groups of pages each project opens, add/edit/delete.
import { useMemo, useState, type ReactNode } from 'react';
import { App, Button, Dropdown, Empty, Flex, Spin, Tooltip, Tree, Typography, type MenuProps } from 'antd';
import type { DataNode } from 'antd/es/tree';
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
  PlusOutlined,
  RobotOutlined,
  VideoCameraOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { ProjectNode } from '@svc/contracts';
import { useSession } from '../../../app/layout/session-context';
import { usePrivilege } from '../../../app/layout/use-privilege';
import { CONSOLE_ROUTES } from '../../../app/routes';
import { useWindowHeight } from '../../../app/layout/use-window-height';
import { LoadFailed } from '../../../components/LoadFailed';
import { useDeleteProjectsMutation } from '../api/project-delete-mutation';
import { useMyProjectsQuery } from '../api/projects-query';
import { ProjectFormModal, type ProjectFormTarget } from './ProjectFormModal';
import {
  buildTree,
  deviceClick,
  keysToExpand,
  liveQuery,
  nodeAllows,
  showsPlayAll,
  treeGroups,
  type TreeDevice,
  type TreeEntry,
  type TreeGroupKey,
} from './project-tree';
import './project-tree.css';

export const LIVE_PATH = '/project/live';
export const DEVICE_LIST_PATH = '/project/device';
/** Header, tab bar, the panel's own header and padding: what the virtual tree's height leaves out. */
const TREE_OFFSET = 103 + 60;

type Row = DataNode & { entry: TreeEntry; children?: Row[] };

const GROUP_ICONS: Record<TreeGroupKey, typeof GlobalOutlined> = {
  mapSettings: GlobalOutlined,
  videoAdministration: PlaySquareOutlined,
  aiService: RobotOutlined,
  locationTracking: AimOutlined,
};

function toRows(entries: readonly TreeEntry[]): Row[] {
  return entries.map((entry) => {
    const children = entry.kind === 'node' || entry.kind === 'group' ? entry.children : undefined;
    return {
      key: entry.key,
      entry,
      isLeaf: !children || children.length === 0,
      children: children && toRows(children),
      // A page that does not exist yet is listed greyed and cannot be clicked.
      disabled: entry.kind === 'page' && entry.page.href === null,
    };
  });
}

/** `routes`: the route table the groups' entries link into; tests pass their own, as TabPages' do. */
export function ProjectTreePanel({ routes = CONSOLE_ROUTES }: { routes?: readonly { path: string }[] } = {}) {
  const { t } = useTranslation('project');
  const can = usePrivilege();
  const projects = useMyProjectsQuery({ enabled: can('project') });
  const [formTarget, setFormTarget] = useState<ProjectFormTarget>();
  // Each opening gets a fresh dialog, so its form starts from this target's values, never the previous one's.
  const [formSeq, setFormSeq] = useState(0);
  const openForm = (target: ProjectFormTarget) => {
    setFormSeq((n) => n + 1);
    setFormTarget(target);
  };
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
      ) : (
        <ProjectTree forest={forest} routes={routes} onForm={openForm} />
      )}
      <ProjectFormModal key={formSeq} target={formTarget} forest={forest} onClose={() => setFormTarget(undefined)} />
    </section>
  );
}

function ProjectTree({
  forest,
  routes,
  onForm,
}: {
  forest: readonly ProjectNode[];
  routes: readonly { path: string }[];
  onForm: (target: ProjectFormTarget) => void;
}) {
  const { t } = useTranslation('project');
  const { t: tc } = useTranslation('common');
  const { message, modal } = App.useApp();
  const navigate = useNavigate();
  const can = usePrivilege();
  const { showAiServices } = useSession();
  const height = Math.max(200, useWindowHeight() - TREE_OFFSET);
  const remove = useDeleteProjectsMutation();
  const entries = useMemo(
    () => buildTree(forest, (node) => treeGroups(node, { can, showAiServices, routes })),
    [forest, can, showAiServices, routes],
  );
  const rows = useMemo(() => toRows(entries), [entries]);
  // Top-level projects start open so their areas and devices show at once; their groups stay folded.
  const [expanded, setExpanded] = useState<React.Key[]>(() => entries.map((e) => e.key));

  /** A device click plays its first channel; the NVR play icon asks for every channel (`all`). */
  function openDevice(entry: Extract<TreeEntry, { kind: 'device' }>, channel: number | 'all' = 1) {
    switch (deviceClick(entry.device, entry.node, can)) {
      case 'noPermission':
        void message.warning(t('tree.noPermission'));
        return;
      case 'vehicle':
        void message.info(t('tree.vehicleDevice'));
        return;
      case 'offline':
        void message.error(t('tree.deviceOffline'));
        return;
      case 'live':
        void navigate(`${LIVE_PATH}?${liveQuery(entry.device, entry.node, { channel })}`);
        return;
    }
  }

  function confirmDelete(node: ProjectNode) {
    modal.confirm({
      title: t('tree.deleteTitle', { name: node.title }),
      content: t('tree.deleteContent'),
      okText: tc('action.delete'),
      okButtonProps: { danger: true },
      cancelText: tc('action.cancel'),
      onOk: async () => {
        try {
          await remove.mutateAsync([node.id]);
          void message.success(t('tree.deleted'));
        } catch {
          // The client has shown the server's refusal ("a node with children cannot be deleted").
        }
      },
    });
  }

  function nodeMenu(node: ProjectNode): MenuProps['items'] {
    const items: MenuProps['items'] = [];
    if (nodeAllows(node, 'project-add', can)) {
      if (node.kind === 'project')
        items.push({
          key: 'sub',
          label: t('tree.addSub'),
          onClick: () => onForm({ mode: 'add', parentId: node.id, kind: 'project' }),
        });
      items.push({
        key: 'area',
        label: t('tree.addArea'),
        onClick: () => onForm({ mode: 'add', parentId: node.id, kind: 'area' }),
      });
    }
    if (nodeAllows(node, 'project-edit', can))
      items.push({ key: 'edit', label: tc('action.edit'), onClick: () => onForm({ mode: 'edit', node }) });
    if (nodeAllows(node, 'project-delete', can))
      items.push({ key: 'delete', danger: true, label: tc('action.delete'), onClick: () => confirmDelete(node) });
    return items;
  }

  function title(entry: TreeEntry) {
    switch (entry.kind) {
      case 'device': {
        const { device } = entry;
        const Icon = device.devType === 'IPC' ? VideoCameraOutlined : HddOutlined;
        const row = (
          <>
            <Icon className={`device-status device-status-${device.statusLive}`} aria-hidden />
            <span className="project-tree-label">{device.devName}</span>
            {device.vehicle && (
              <Tooltip title={t('tree.vehicle')}>
                <CarOutlined className="project-tree-vehicle" aria-label={t('tree.vehicle')} />
              </Tooltip>
            )}
            <span className="sr-only">{t(`status.${device.statusLive}`)}</span>
          </>
        );
        return showsPlayAll(device) ? (
          <NvrRow device={device} onPlayAll={() => openDevice(entry, 'all')}>
            {row}
          </NvrRow>
        ) : (
          <span className="project-tree-device" data-status={device.statusLive}>
            {row}
          </span>
        );
      }
      case 'group': {
        const Icon = GROUP_ICONS[entry.group.key];
        return (
          <span className="project-tree-group">
            <Icon aria-hidden />
            <span className="project-tree-label">{t(`tree.group.${entry.group.key}`)}</span>
          </span>
        );
      }
      case 'page': {
        const { page } = entry;
        const label = t(`tree.page.${page.key}`);
        return page.href ? (
          // The row's own click navigates too; the link stops its click so the page opens once.
          <Link className="project-tree-page" to={page.href} onClick={(e) => e.stopPropagation()}>
            {label}
          </Link>
        ) : (
          <Tooltip title={t('tree.pageUnavailable')}>
            <span className="project-tree-page" aria-disabled="true">
              {label}
            </span>
          </Tooltip>
        );
      }
      case 'more':
        return (
          <Typography.Link className="project-tree-more">
            {t('tree.more', { count: entry.node.deviceCount })}
          </Typography.Link>
        );
      case 'node': {
        const { node } = entry;
        const items = nodeMenu(node);
        const label = (
          <Flex component="span" align="center" gap={6} className={`project-tree-node project-tree-${node.kind}`}>
            {node.kind === 'area' ? (
              <EnvironmentOutlined aria-hidden />
            ) : node.proLogo ? (
              <img className="project-tree-logo" src={node.proLogo} alt="" width={32} height={32} />
            ) : (
              <PictureOutlined className="project-tree-logo" aria-hidden />
            )}
            <span className="project-tree-label">{node.title}</span>
            <span className="project-tree-count" aria-label={t('tree.deviceCount', { count: node.deviceCount })}>
              {node.deviceCount}
            </span>
            {node.kind === 'project' && nodeAllows(node, 'project-edit', can) && (
              <Button
                type="text"
                size="small"
                className="project-tree-edit"
                icon={<EditOutlined />}
                aria-label={t('tree.edit', { name: node.title })}
                onClick={(e) => {
                  e.stopPropagation();
                  onForm({ mode: 'edit', node });
                }}
              />
            )}
            {items && items.length > 0 && (
              <Dropdown menu={{ items }} trigger={['click']}>
                <Button
                  type="text"
                  size="small"
                  className="project-tree-actions"
                  icon={<MoreOutlined />}
                  aria-label={t('tree.actions', { name: node.title })}
                  onClick={(e) => e.stopPropagation()}
                />
              </Dropdown>
            )}
          </Flex>
        );
        return items && items.length > 0 ? (
          <Dropdown menu={{ items }} trigger={['contextMenu']}>
            {label}
          </Dropdown>
        ) : (
          label
        );
      }
    }
  }

  return (
    <div className="project-tree-scroll">
      <Tree<Row>
        blockNode
        virtual
        height={height}
        treeData={rows}
        expandedKeys={expanded}
        selectable={false}
        titleRender={(row) => title(row.entry)}
        onExpand={(keys, info) => {
          if (!info.expanded) {
            setExpanded(keys);
            return;
          }
          setExpanded([...new Set([...keys, ...keysToExpand(info.node.entry)])]);
        }}
        onClick={(_, row) => {
          const { entry } = row as unknown as Row;
          if (entry.kind === 'device') openDevice(entry);
          else if (entry.kind === 'more') void navigate(`${DEVICE_LIST_PATH}?projectId=${entry.node.id}`);
          else if (entry.kind === 'page' && entry.page.href) void navigate(entry.page.href);
          // A group's title folds and unfolds it, as its switcher does.
          else if (entry.kind === 'group')
            setExpanded((keys) =>
              keys.includes(entry.key) ? keys.filter((k) => k !== entry.key) : [...keys, entry.key],
            );
        }}
      />
    </div>
  );
}

/** SPEC §2: hovering an NVR shows a play icon for all its channels; it stays reachable by keyboard while hidden. */
function NvrRow({ device, onPlayAll, children }: { device: TreeDevice; onPlayAll: () => void; children: ReactNode }) {
  const { t } = useTranslation('project');
  const [hover, setHover] = useState(false);
  const [focus, setFocus] = useState(false);
  const label = t('tree.playAll', { name: device.devName });
  return (
    <span
      className="project-tree-device"
      data-status={device.statusLive}
      onMouseEnter={() => setHover(true)}
      onMouseLeave={() => setHover(false)}
    >
      {children}
      <Tooltip title={label}>
        <Button
          type="text"
          size="small"
          className="project-tree-play"
          icon={<PlayCircleOutlined />}
          aria-label={label}
          style={{ opacity: hover || focus ? 1 : 0, flex: 'none' }}
          onFocus={() => setFocus(true)}
          onBlur={() => setFocus(false)}
          onClick={(e) => {
            e.stopPropagation();
            onPlayAll();
          }}
        />
      </Tooltip>
    </span>
  );
}
