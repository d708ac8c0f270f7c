// The alarm messages tab: filters, batch read/unread/delete (SPEC §5 at least one selected), handling, manual alarms,
// paging, a live link per alarm; new alarms come in at the top only, and wait behind a notice anywhere else.
import { useMemo, useState } from 'react';
import { App, Button, Flex, Space, Typography } from 'antd';
import { CheckOutlined, DeleteOutlined, EyeInvisibleOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { Alarm, AlarmFilter } from '@svc/contracts';
import { canReach } from '@/lib/access';
import { useSession } from '@/lib/session-context';
import { usePrivilege } from '@/lib/use-privilege';
import { findConsolePage } from '@/lib/paths';
import { LoadFailed } from '@/components/LoadFailed';
import { useConfirmDelete } from '@/components/use-confirm-action';
import { LIVE_PATH, liveHref } from '@/features/live';
import { useMyProjectsQuery } from '@/features/project/api/projects-query';
import { flattenNodes, nodeAllows } from '@/features/project';
import { useDeleteAlarmsMutation } from '../api/alarm-delete-mutation';
import { useAlarmStatusMutation } from '../api/alarm-status-mutation';
import { alarmKeys } from '../api/keys';
import type { ReadStatus } from '../api/types';
import { useHeldAlarms } from '../hooks/use-held-alarms';
import { useScrolledAway } from '../hooks/use-scrolled-away';
import { AddAlarmModal } from './AddAlarmModal';
import { AlarmFilterBar } from './AlarmFilterBar';
import { FIRST_PAGE, projectIdParam, turnPage, type Paging } from './alarm-query';
import { AlarmTable } from './AlarmTable';
import { HandleAlarmModal } from './HandleAlarmModal';
import { NewAlarmsNotice } from './NewAlarmsNotice';

export function AlarmMessages() {
  const { t } = useTranslation('project');
  const { t: tc } = useTranslation('common');
  const { message } = App.useApp();
  const confirm = useConfirmDelete();
  const can = usePrivilege();
  const session = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const urlProject = projectIdParam(params.get('projectId'));
  const [filter, setFilter] = useState<AlarmFilter>(() => (urlProject ? { projectId: urlProject } : {}));
  const [paging, setPaging] = useState<Paging>(FIRST_PAGE);
  // The tree's links change the address while the page stays open (kept-alive tab): follow them.
  const [seenProject, setSeenProject] = useState(urlProject);
  if (seenProject !== urlProject) {
    setSeenProject(urlProject);
    setFilter((f) => ({ ...f, projectId: urlProject, deviceId: undefined }));
    setPaging((p) => ({ page: 1, size: p.size }));
  }
  const [selected, setSelected] = useState<number[]>([]);
  const [handling, setHandling] = useState<Alarm | null>(null);
  const [adding, setAdding] = useState(false);
  // What keeps the rows still: the pointer on them, a row's dialog or picture open, the page scrolled, a later page.
  const [hovering, setHovering] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [previewing, setPreviewing] = useState(false);
  const scroll = useScrolledAway<HTMLDivElement>();
  const settled = paging.page === 1 && !scroll.scrolled && !hovering && !confirming && !previewing && handling === null;
  const projects = useMyProjectsQuery({ enabled: can('project') });
  const { alarms, waiting } = useHeldAlarms({ filter, paging, settled });
  const status = useAlarmStatusMutation();
  const remove = useDeleteAlarmsMutation();

  function apply(next: AlarmFilter) {
    setFilter(next);
    setPaging((p) => ({ page: 1, size: p.size }));
    setSelected([]);
  }

  /** SPEC §5: a batch action needs at least one selected row. */
  function needsSelection(ids: number[]): boolean {
    if (ids.length > 0) return false;
    void message.warning(tc('validation.selectOne'));
    return true;
  }

  function mark(ids: number[], next: ReadStatus) {
    if (needsSelection(ids)) return;
    status.mutate(
      { ids, status: next },
      { onSuccess: () => void message.success(next === 1 ? t('alarm.markedRead') : t('alarm.markedUnread')) },
    );
  }

  /** The waiting alarms, at the top of the first page. */
  function showNew() {
    setPaging((p) => ({ page: 1, size: p.size }));
    scroll.toTop();
    void queryClient.invalidateQueries({ queryKey: [...alarmKeys.all, 'list'] });
  }

  // SPEC §2: live view needs its page, and device-show on the alarm's project (the server checks both again).
  const livePage = findConsolePage(LIVE_PATH);
  const mayLive = livePage !== undefined && canReach(session, livePage);
  const nodes = useMemo(() => new Map(flattenNodes(projects.data ?? []).map((n) => [n.id, n])), [projects.data]);
  const openLive = (a: Alarm) => {
    const node = nodes.get(a.projectId);
    if (node && !nodeAllows(node, 'device-show', can)) {
      void message.warning(t('tree.noPermission'));
      return;
    }
    void navigate(
      liveHref({ deviceId: a.deviceId, devName: a.deviceName, proName: a.projectName, channel: a.channel ?? 1 }),
    );
  };

  function confirmDelete(ids: number[]) {
    if (needsSelection(ids)) return;
    setConfirming(true);
    confirm({
      afterClose: () => setConfirming(false),
      title: t('alarm.deleteTitle', { count: ids.length }),
      content: t('alarm.deleteContent'),
      run: () => remove.mutateAsync(ids),
      done: t('alarm.deleted'),
      onDone: () => setSelected((s) => s.filter((id) => !ids.includes(id))),
    });
  }

  return (
    <Flex vertical gap={16} ref={scroll.ref}>
      <AlarmFilterBar
        forest={projects.data ?? []}
        projectsLoading={projects.isFetching}
        projectId={urlProject}
        onApply={apply}
      />
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Space wrap>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)}>
            {t('alarm.add')}
          </Button>
          <Button icon={<CheckOutlined />} loading={status.isPending} onClick={() => mark(selected, 1)}>
            {t('alarm.batchRead')}
          </Button>
          <Button icon={<EyeInvisibleOutlined />} loading={status.isPending} onClick={() => mark(selected, 0)}>
            {t('alarm.batchUnread')}
          </Button>
          <Button icon={<DeleteOutlined />} danger onClick={() => confirmDelete(selected)}>
            {t('alarm.batchDelete')}
          </Button>
        </Space>
        {selected.length > 0 && (
          <Typography.Text type="secondary">{t('alarm.selected', { count: selected.length })}</Typography.Text>
        )}
      </Flex>
      <NewAlarmsNotice count={waiting} onShow={showNew} />
      {alarms.isError && !alarms.data ? (
        <LoadFailed onRetry={() => void alarms.refetch()} />
      ) : (
        <div onMouseEnter={() => setHovering(true)} onMouseLeave={() => setHovering(false)}>
          <AlarmTable
            rows={alarms.data?.list}
            // What the user asked for shows loading; a refresh in the background (a poll, a held list) does not.
            loading={alarms.isFetching && (alarms.isPlaceholderData || !alarms.data)}
            page={paging.page}
            size={paging.size}
            total={alarms.data?.total ?? 0}
            totalCapped={alarms.data?.totalCapped ?? false}
            selected={selected}
            onSelect={setSelected}
            onPage={(page, size) =>
              // A cursor only from the page on screen: the previous page's, kept while the next loads, would skip rows.
              setPaging((p) => turnPage(p, page, size, alarms.isPlaceholderData ? null : alarms.data?.nextCursor))
            }
            onHandle={setHandling}
            onStatus={mark}
            onDelete={confirmDelete}
            onLive={mayLive ? openLive : null}
            onPreview={setPreviewing}
          />
        </div>
      )}
      <HandleAlarmModal key={handling?.id ?? 0} alarm={handling} onClose={() => setHandling(null)} />
      <AddAlarmModal open={adding} forest={projects.data ?? []} onClose={() => setAdding(false)} />
    </Flex>
  );
}
