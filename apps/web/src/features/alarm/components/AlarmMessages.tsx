// The alarm messages tab: filters, batch read/unread/delete (SPEC §5 at least one selected), handling, manual alarms, paging.
import { useState } from 'react';
import { App, Button, Flex, Space, Typography } from 'antd';
import { CheckOutlined, DeleteOutlined, EyeInvisibleOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { Alarm, AlarmFilter } from '@svc/contracts';
import { usePrivilege } from '../../../app/layout/use-privilege';
import { LoadFailed } from '../../../components/LoadFailed';
import { useMyProjectsQuery } from '../../project/api/projects-query';
import { useDeleteAlarmsMutation } from '../api/alarm-delete-mutation';
import { useAlarmStatusMutation } from '../api/alarm-status-mutation';
import { useAlarmsQuery } from '../api/alarms-query';
import type { ReadStatus } from '../api/types';
import { AddAlarmModal } from './AddAlarmModal';
import { AlarmFilterBar } from './AlarmFilterBar';
import { FIRST_PAGE, projectIdParam, toAlarmQuery, turnPage, type Paging } from './alarm-query';
import { AlarmTable } from './AlarmTable';
import { HandleAlarmModal } from './HandleAlarmModal';

export function AlarmMessages() {
  const { t } = useTranslation('project');
  const { t: tc } = useTranslation('common');
  const { message, modal } = App.useApp();
  const can = usePrivilege();
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
  const projects = useMyProjectsQuery({ enabled: can('project') });
  const alarms = useAlarmsQuery(toAlarmQuery(filter, paging));
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

  function confirmDelete(ids: number[]) {
    if (needsSelection(ids)) return;
    modal.confirm({
      title: t('alarm.deleteTitle', { count: ids.length }),
      content: t('alarm.deleteContent'),
      okText: tc('action.delete'),
      okButtonProps: { danger: true },
      cancelText: tc('action.cancel'),
      onOk: () =>
        remove.mutateAsync(ids).then(
          () => {
            setSelected((s) => s.filter((id) => !ids.includes(id)));
            void message.success(t('alarm.deleted'));
          },
          () => undefined,
        ),
    });
  }

  return (
    <Flex vertical gap={16}>
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
      {alarms.isError && !alarms.data ? (
        <LoadFailed onRetry={() => void alarms.refetch()} />
      ) : (
        <AlarmTable
          rows={alarms.data?.list}
          loading={alarms.isFetching}
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
        />
      )}
      <HandleAlarmModal key={handling?.id ?? 0} alarm={handling} onClose={() => setHandling(null)} />
      <AddAlarmModal open={adding} forest={projects.data ?? []} onClose={() => setAdding(false)} />
    </Flex>
  );
}
