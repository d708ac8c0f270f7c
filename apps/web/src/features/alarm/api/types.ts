// Alarm shapes of packages/contracts/src/alarm.ts the contracts export only as schemas, as the server answers and takes them.
import type { Alarm, AlarmType, NOTICE_CHANNELS } from '@svc/contracts';

export type NoticeChannel = (typeof NOTICE_CHANNELS)[number];

export interface AlarmPage {
  list: Alarm[];
  total: number;
  totalCapped: boolean;
  nextCursor: string | null;
}

export interface AlarmCounts {
  total: number;
  unread: number;
  byType: Partial<Record<AlarmType, number>>;
  byHandling: Partial<Record<Alarm['handling'], number>>;
}

/** 1 read, 0 unread (SPEC §7 updateStatusByIds). */
export type ReadStatus = Alarm['status'];

export interface AddAlarm {
  deviceId: number;
  channel?: number;
  type: AlarmType;
  alarmTime?: string;
  content: string;
}

export interface LatestAlarms {
  projectId?: number;
  alarmTimeBegin: string;
  alarmTimeEnd: string;
}

export interface VoiceAlarms {
  alarmViewVOS: Alarm[];
  voiceNoticeStatus: boolean;
  voiceUrl: string | null;
}

export interface NoticeRuleInput {
  name: string;
  projectIds: number[];
  types: AlarmType[];
  channels: NoticeChannel[];
  userIds: number[];
  enabled: boolean;
}
export type NoticeRule = NoticeRuleInput & { id: number };

export interface CommonNoticeUser {
  userId: number;
  channels: NoticeChannel[];
}
