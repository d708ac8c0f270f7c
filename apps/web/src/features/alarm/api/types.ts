// Alarm shapes as the API document types them (lib/api/paths): what the alarm routes take and answer.
import type { ApiBody, ApiData, ApiSchema } from '@/lib/api/paths';

export type NoticeChannel = ApiSchema<'CommonNoticeUser'>['channels'][number];

export type AlarmPage = ApiData<'post', '/api/alarm/page/query'>;

export type AlarmCounts = ApiData<'post', '/api/alarm/countAll'>;

/** 1 read, 0 unread (SPEC §7 updateStatusByIds). */
export type ReadStatus = ApiBody<'post', '/api/alarm/updateStatusByIds'>['status'];

export type AddAlarm = ApiBody<'post', '/api/alarm/add'>;

export type LatestAlarms = ApiBody<'post', '/api/alarm/queryLatestListAll/voice'>;

export type VoiceAlarms = ApiData<'post', '/api/alarm/queryLatestListAll/voice'>;

export type NoticeRuleInput = ApiBody<'post', '/api/alarm/notice/add'>;
export type NoticeRule = ApiSchema<'NoticeRule'>;

export type CommonNoticeUser = ApiSchema<'CommonNoticeUser'>;
