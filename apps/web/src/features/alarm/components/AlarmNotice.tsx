// The header's alarm notice (SPEC §4): bell with the unread count, voice mute switch, and the poll of project pages.
import { useEffect, useRef } from 'react';
import { App, Badge, Button, Tooltip } from 'antd';
import { BellOutlined, MutedOutlined, SoundOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import type { Alarm } from '@svc/contracts';
import { canReach } from '@/lib/access';
import { useSession } from '@/lib/session-context';
import { findConsolePage } from '@/lib/paths';
import { useAlarmCountsQuery } from '../api/alarm-counts-query';
import { alarmKeys } from '../api/keys';
import type { LatestAlarms, VoiceAlarms } from '../api/types';
import { browserSpeaker, type Speaker } from '../hooks/speech';
import { useAlarmMute } from '../hooks/use-alarm-mute';
import { useAlarmPoll, type PollClock } from '../hooks/use-alarm-poll';
import { alarmNoticeText } from './alarm-notice-text';

export const ALARM_LIST_PATH = '/project/device/alarmlist';
const NOTICE_KEY = 'alarm-poll';
/** SPEC §4: polling runs while a project page is open. */
const isProjectPage = (pathname: string) => pathname.startsWith('/project/');
const NO_FILTER = {};

export interface AlarmNoticeProps {
  clock?: PollClock;
  speaker?: Speaker;
  fetchLatest?: (body: LatestAlarms) => Promise<VoiceAlarms>;
}

/** Nothing for users who may not open the alarm list: the server would refuse their polls. */
export function AlarmNotice(props: AlarmNoticeProps) {
  const session = useSession();
  const page = findConsolePage(ALARM_LIST_PATH);
  return page && canReach(session, page) ? <AlarmNoticeControls {...props} /> : null;
}

function AlarmNoticeControls({ clock, speaker = browserSpeaker, fetchLatest }: AlarmNoticeProps) {
  const { t, i18n } = useTranslation('project');
  const { notification } = App.useApp();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const queryClient = useQueryClient();
  const counts = useAlarmCountsQuery(NO_FILTER);
  const unread = counts.data?.unread ?? 0;
  const [muted, setMuted] = useAlarmMute();
  const mutedRef = useRef(muted);
  useEffect(() => {
    mutedRef.current = muted;
  }, [muted]);

  const openList = () => {
    notification.destroy(NOTICE_KEY);
    void navigate(ALARM_LIST_PATH);
  };

  function announce(alarms: Alarm[]) {
    void queryClient.invalidateQueries({ queryKey: [...alarmKeys.all, 'list'] });
    const text = alarmNoticeText(alarms, t);
    notification.warning({
      key: NOTICE_KEY,
      title: text.title,
      description: (
        <div className="alarm-notice-lines">
          {text.lines.map((line, i) => (
            <div key={i}>{line}</div>
          ))}
        </div>
      ),
      onClick: openList,
      style: { cursor: 'pointer' },
    });
    if (!mutedRef.current) speaker.speak(text.speech, i18n.language);
  }

  useAlarmPoll({
    enabled: isProjectPage(pathname),
    clock,
    fetchLatest,
    onNew: announce,
    onPolled: () => void queryClient.invalidateQueries({ queryKey: [...alarmKeys.all, 'counts'] }),
  });

  const toggleMute = () => {
    if (!muted) speaker.cancel();
    setMuted(!muted);
  };
  const bellLabel = t('alarm.bell.label', { count: unread });
  const muteLabel = muted ? t('alarm.voice.unmute') : t('alarm.voice.mute');

  return (
    <>
      <Tooltip title={bellLabel}>
        <Button type="text" className="console-action" aria-label={bellLabel} onClick={openList}>
          <Badge count={unread} overflowCount={99} size="small" offset={[4, -2]}>
            <BellOutlined className="alarm-bell-icon" style={{ color: 'inherit', fontSize: 16 }} />
          </Badge>
        </Button>
      </Tooltip>
      <Tooltip title={muteLabel}>
        <Button
          type="text"
          className="console-action"
          aria-label={t('alarm.voice.label')}
          aria-pressed={muted}
          icon={muted ? <MutedOutlined /> : <SoundOutlined />}
          onClick={toggleMute}
        />
      </Tooltip>
    </>
  );
}
