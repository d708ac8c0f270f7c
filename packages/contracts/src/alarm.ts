// Alarms (SPEC §2 /project/device/alarmlist, §3 Alarm and its enumerations, §4 Alarm message and
// polling, §7 /api/alarm): the alarm record, its filters, handling, and who is told of which alarms.
import { z } from 'zod';
import { IdSchema, PageQuerySchema, pageOf } from './common.js';

/** SPEC §3: A motion, B video loss, C human shape, D face detection 1, E face detection 2, F storage error, G storage low, H no storage. */
export const ALARM_TYPES = ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H'] as const;
export const AlarmTypeSchema = z.enum(ALARM_TYPES).describe('SPEC §3 alarm type A–H');
export type AlarmType = z.infer<typeof AlarmTypeSchema>;
/** The event names devices and the SPEC use for each type. */
export const ALARM_TYPE_EVENTS: Record<AlarmType, string> = {
  A: 'VideoMotion',
  B: 'VideoLoss',
  C: 'appEventHumanDetectAlarm',
  D: 'FDR',
  E: 'FaceDetect',
  F: 'StorageFailure',
  G: 'StorageLowSpace',
  H: 'StorageNotExist',
};

/** The SPEC type a device's event name stands for (`VideoMotion` → A, any case); null for any other text. */
export function eventType(text: string): AlarmType | null {
  const name = text.trim().toLowerCase();
  for (const type of ALARM_TYPES) if (ALARM_TYPE_EVENTS[type].toLowerCase() === name) return type;
  return null;
}

/** Why the platform found a device offline; its own offline alarm says which (`offlineContent`). */
export const OFFLINE_REASONS = ['keepalive', 'expired', 'unregistered', 'connection'] as const;
export type OfflineReason = (typeof OFFLINE_REASONS)[number];
/** The content of the platform's offline alarm: a fixed form the console and notices translate. */
export const offlineContent = (reason: OfflineReason) => `offline (${reason})`;
/** The reason an offline alarm's content names; null when it names none the platform gives. */
export function offlineReasonOf(content: string): OfflineReason | null {
  const reason = /^offline \((\w+)\)$/.exec(content.trim())?.[1];
  return (OFFLINE_REASONS as readonly string[]).includes(reason ?? '') ? (reason as OfflineReason) : null;
}

export const HANDLING_STATES = ['untreated', 'treating', 'treated'] as const;
export const HandlingSchema = z.enum(HANDLING_STATES).describe('handling state');
export type Handling = z.infer<typeof HandlingSchema>;

/** Read state as SPEC §7 updateStatusByIds has it: 1 read, 0 unread. */
export const ReadStatusSchema = z.union([z.literal(0), z.literal(1)]).describe('1 read, 0 unread');

/** SPEC §7: alarm times travel as `YYYY-MM-DD HH:mm:ss` in the caller's time zone (the `timezone` header). */
export const ALARM_TIME_PATTERN = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;
const alarmTime = () => z.string().regex(ALARM_TIME_PATTERN, { error: 'alarm.timeFormat' });

export const AlarmSchema = z
  .object({
    id: IdSchema,
    deviceId: IdSchema,
    deviceName: z.string(),
    sn: z.string().describe('device serial number'),
    projectId: IdSchema,
    projectName: z.string().describe('the region: the project node of the device'),
    channel: z.number().int().nullable().describe('channel number, or null for the device itself'),
    channelTitle: z.string().nullable(),
    type: AlarmTypeSchema,
    alarmTime: z.string().describe('YYYY-MM-DD HH:mm:ss in the caller’s time zone'),
    status: ReadStatusSchema,
    handling: HandlingSchema,
    note: z.string().nullable(),
    content: z.string(),
    priority: z.number().int().nullable().describe('GB28181 alarm priority 1 (highest) to 4'),
    picture: z.string().nullable().describe('URL of the alarm picture, served only to those who may see the alarm'),
    source: z.enum(['device', 'manual', 'offline']),
  })
  .meta({ id: 'Alarm' });
export type Alarm = z.infer<typeof AlarmSchema>;

const alarmFilters = {
  projectId: IdSchema.optional().describe('the project subtree'),
  deviceId: IdSchema.optional(),
  channel: z.number().int().min(1).optional(),
  type: AlarmTypeSchema.optional(),
  alarmTimeBegin: alarmTime().optional(),
  alarmTimeEnd: alarmTime().optional(),
  status: ReadStatusSchema.optional(),
  handling: HandlingSchema.optional(),
  sinceId: z
    .number()
    .int()
    .min(0)
    .optional()
    .describe('only alarms that arrived after this id (ids grow with arrival): how many wait above a list held still'),
  untilId: z
    .number()
    .int()
    .min(0)
    .optional()
    .describe('only alarms up to this id: a list held still while newer alarms wait (its rows keep their places)'),
};
const endNotBeforeStart = (q: { alarmTimeBegin?: string | undefined; alarmTimeEnd?: string | undefined }) =>
  !q.alarmTimeBegin || !q.alarmTimeEnd || q.alarmTimeEnd >= q.alarmTimeBegin;
const timeOrder = { error: 'alarm.endBeforeStart', path: ['alarmTimeEnd'] };

export const AlarmQuerySchema = PageQuerySchema.extend(alarmFilters)
  .refine(endNotBeforeStart, timeOrder)
  .meta({ id: 'AlarmQuery' });
export type AlarmQuery = z.infer<typeof AlarmQuerySchema>;
export const AlarmPageSchema = pageOf(AlarmSchema).meta({ id: 'AlarmPage' });
export type AlarmPage = z.infer<typeof AlarmPageSchema>;

export const AlarmFilterSchema = z
  .object(alarmFilters)
  .refine(endNotBeforeStart, timeOrder)
  .meta({ id: 'AlarmFilter' });
export type AlarmFilter = z.infer<typeof AlarmFilterSchema>;
/** queryListAll answers at most this many alarms, newest first. */
export const ALARM_LIST_ALL_LIMIT = 1000;

export const AlarmIdsSchema = z
  .array(IdSchema)
  .min(1, { error: 'validation.selectOne' })
  .max(1000)
  .meta({ id: 'AlarmIds' });

export const UpdateAlarmStatusSchema = z
  .object({ ids: AlarmIdsSchema, status: ReadStatusSchema })
  .meta({ id: 'UpdateAlarmStatus' });

export const UpdateAlarmSchema = z
  .object({
    id: IdSchema,
    handling: HandlingSchema,
    note: z.string().trim().max(500, { error: 'validation.tooLong' }).optional(),
  })
  .meta({ id: 'UpdateAlarm' });

export const AddAlarmSchema = z
  .object({
    deviceId: IdSchema,
    channel: z.number().int().min(1).optional(),
    type: AlarmTypeSchema,
    alarmTime: alarmTime().optional().describe('default now'),
    content: z.string().trim().min(1, { error: 'validation.required' }).max(500, { error: 'validation.tooLong' }),
  })
  .meta({ id: 'AddAlarm' });

export const AlarmCountsSchema = z
  .object({
    total: z.number().int(),
    unread: z.number().int(),
    byType: z.record(AlarmTypeSchema, z.number().int()),
    byHandling: z.record(HandlingSchema, z.number().int()),
  })
  .meta({ id: 'AlarmCounts' });

/** SPEC §4 polling: the last minute of one project and its subtree, or of every project the caller sees. */
export const LatestAlarmsSchema = z
  .object({
    projectId: IdSchema.optional().describe('omit for every project the caller sees'),
    alarmTimeBegin: alarmTime(),
    alarmTimeEnd: alarmTime(),
  })
  .refine(endNotBeforeStart, timeOrder)
  .meta({ id: 'LatestAlarms' });
export const LATEST_WINDOW_MAX_S = 60;

export const VoiceAlarmsSchema = z
  .object({
    alarmViewVOS: z.array(AlarmSchema),
    voiceNoticeStatus: z.boolean().describe('whether the caller has voice notices on'),
    voiceUrl: z.string().nullable().describe('a sound to play for these alarms'),
  })
  .meta({ id: 'VoiceAlarms' });

/** Arm or disarm (GB28181 GuardCmd) devices by id, or every device of a project subtree at once. */
export const GuardSchema = z
  .object({
    deviceIds: z.array(IdSchema).min(1, { error: 'validation.selectOne' }).max(1000).optional(),
    projectId: IdSchema.optional(),
    guard: z.boolean().describe('true arms (SetGuard), false disarms (ResetGuard)'),
  })
  .refine((g) => (g.deviceIds === undefined) !== (g.projectId === undefined), {
    error: 'validation.invalid',
    path: ['deviceIds'],
  })
  .meta({ id: 'Guard' });
export const GuardAnswerSchema = z
  .object({
    devices: z.number().int().describe('devices whose armed state was set'),
    sent: z.number().int().describe('online devices told by GuardCmd'),
    failed: z.number().int().describe('online devices that did not confirm; they are told again when they register'),
  })
  .meta({ id: 'GuardAnswer' });

// ── Notice rules: who is told of which alarm types of which projects, and how ─────────────────────
export const NOTICE_CHANNELS = ['sms', 'email', 'voice', 'offline'] as const;
export const NoticeChannelSchema = z.enum(NOTICE_CHANNELS).describe('SPEC §3 notice channels');

export const NoticeRuleInputSchema = z.object({
  name: z.string().trim().min(1, { error: 'validation.required' }).max(64, { error: 'validation.tooLong' }),
  projectIds: z.array(IdSchema).min(1, { error: 'validation.selectOne' }).max(200),
  types: z.array(AlarmTypeSchema).min(1, { error: 'validation.selectOne' }),
  channels: z.array(NoticeChannelSchema).min(1, { error: 'validation.selectOne' }),
  userIds: z.array(IdSchema).min(1, { error: 'validation.selectOne' }).max(200),
  enabled: z.boolean().default(true),
});
export const AddNoticeRuleSchema = NoticeRuleInputSchema.meta({ id: 'AddNoticeRule' });
export const UpdateNoticeRuleSchema = NoticeRuleInputSchema.extend({ id: IdSchema }).meta({ id: 'UpdateNoticeRule' });
export const NoticeRuleSchema = NoticeRuleInputSchema.extend({ id: IdSchema }).meta({ id: 'NoticeRule' });

export const CommonNoticeUserSchema = z
  .object({ userId: IdSchema, channels: z.array(NoticeChannelSchema).min(1, { error: 'validation.selectOne' }) })
  .meta({ id: 'CommonNoticeUser' });
