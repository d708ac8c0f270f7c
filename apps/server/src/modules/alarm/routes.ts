// Routes of alarms and notice rules (SPEC §7 /api/alarm). Access is the device menu; the services
// check project-level keys (device-show to see and handle, device-edit to delete). Setting notice
// rules and common users is the device-edit function point itself, checked at the door.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AddAlarmSchema,
  AddNoticeRuleSchema,
  AlarmCountsSchema,
  AlarmFilterSchema,
  AlarmIdsSchema,
  AlarmPageSchema,
  AlarmQuerySchema,
  AlarmSchema,
  CommonNoticeUserSchema,
  GuardAnswerSchema,
  IdParamSchema,
  GuardSchema,
  IdSchema,
  LatestAlarmsSchema,
  NoticeRuleSchema,
  UpdateAlarmSchema,
  UpdateAlarmStatusSchema,
  UpdateNoticeRuleSchema,
  VoiceAlarmsSchema,
} from '@svc/contracts';
import { principalOf } from '../../http/auth.js';
import { noData } from '../../http/envelope.js';
import type { NoticeService } from './notice.js';
import type { AlarmService, GuardService } from './service.js';

const tags = ['alarm'];
const config = { access: 'device' as const };
const noticeEdit = { access: 'device-edit' as const };

export function alarmRoutes(
  app: FastifyInstance,
  alarms: AlarmService,
  notices: NoticeService,
  guards: GuardService,
): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/alarm/picture/:id',
    { config, schema: { tags, summary: 'The picture of an alarm (raw image bytes)', params: IdParamSchema } },
    async (req, reply) => {
      const file = await alarms.picture(principalOf(req), req.params.id);
      // Raw bytes for an <img>, typed as stored; nosniff keeps the browser to that type.
      return reply
        .type(file.mime)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, max-age=86400')
        .send(file.bytes);
    },
  );
  r.post(
    '/api/alarm/guard',
    {
      config,
      schema: {
        tags,
        summary: 'Arm or disarm devices (GuardCmd), by ids or a whole project subtree at once',
        body: GuardSchema,
        response: { 200: GuardAnswerSchema },
      },
    },
    (req) => guards.guard(principalOf(req), req.body),
  );
  r.post(
    '/api/alarm/page/query',
    {
      config,
      schema: {
        tags,
        summary: 'Alarms by project subtree, device, channel, type, time, read and handling state, newest first',
        body: AlarmQuerySchema,
        response: { 200: AlarmPageSchema },
      },
    },
    (req) => alarms.page(principalOf(req), req.body, req.timezone),
  );
  r.post(
    '/api/alarm/queryListAll',
    {
      config,
      schema: {
        tags,
        summary: 'The newest alarms (at most 1,000) matching the filters',
        body: AlarmFilterSchema,
        response: { 200: z.array(AlarmSchema) },
      },
    },
    (req) => alarms.listAll(principalOf(req), req.body, req.timezone),
  );
  r.post(
    '/api/alarm/countAll',
    {
      config,
      schema: {
        tags,
        summary: 'Counts of the matching alarms: total, unread, by type and by handling state',
        body: AlarmFilterSchema,
        response: { 200: AlarmCountsSchema },
      },
    },
    (req) => alarms.counts(principalOf(req), req.body, req.timezone),
  );
  r.post(
    '/api/alarm/queryLatestListAll',
    {
      config,
      schema: {
        tags,
        summary: 'Alarms of the last minute (SPEC §4 polling)',
        body: LatestAlarmsSchema,
        response: { 200: z.array(AlarmSchema) },
      },
    },
    (req) => alarms.latest(principalOf(req), req.body, req.timezone),
  );
  r.post(
    '/api/alarm/queryLatestListAll/voice',
    {
      config,
      schema: {
        tags,
        summary: 'The polling answer with the voice notice',
        body: LatestAlarmsSchema,
        response: { 200: VoiceAlarmsSchema },
      },
    },
    async (req) => ({
      alarmViewVOS: await alarms.latest(principalOf(req), req.body, req.timezone),
      // Voice is spoken by the browser in the user's language; there is no recorded sound to fetch.
      voiceNoticeStatus: true,
      voiceUrl: null,
    }),
  );
  r.post(
    '/api/alarm/updateStatusByIds',
    {
      config,
      schema: {
        tags,
        summary: 'Mark alarms read (1) or unread (0)',
        body: UpdateAlarmStatusSchema,
        response: { 200: z.null() },
      },
    },
    async (req) => noData(await alarms.setStatus(principalOf(req), req.body.ids, req.body.status)),
  );
  r.post(
    '/api/alarm/update',
    {
      config,
      schema: {
        tags,
        summary: 'Set an alarm’s handling state and note',
        body: UpdateAlarmSchema,
        response: { 200: z.null() },
      },
    },
    async (req) => noData(await alarms.handle(principalOf(req), req.body.id, req.body.handling, req.body.note)),
  );
  r.post(
    '/api/alarm/deleteByIds',
    { config, schema: { tags, summary: 'Delete alarms', body: AlarmIdsSchema, response: { 200: z.null() } } },
    async (req) => noData(await alarms.delete(principalOf(req), req.body)),
  );
  r.post(
    '/api/alarm/add',
    {
      config,
      schema: {
        tags,
        summary: 'Raise a manual alarm on a device or one of its channels',
        body: AddAlarmSchema,
        response: { 200: z.object({ id: IdSchema }) },
      },
    },
    (req) => alarms.add(principalOf(req), req.body, req.timezone),
  );
  r.post(
    '/api/alarm/notice/list',
    {
      config,
      schema: {
        tags,
        summary: 'Notice rules of the enterprise',
        response: { 200: z.array(NoticeRuleSchema) },
      },
    },
    (req) => notices.list(principalOf(req)),
  );
  r.post(
    '/api/alarm/notice/add',
    {
      config: noticeEdit,
      schema: {
        tags,
        summary: 'Add a notice rule',
        body: AddNoticeRuleSchema,
        response: { 200: z.object({ id: IdSchema }) },
      },
    },
    (req) => notices.add(principalOf(req), req.body),
  );
  r.post(
    '/api/alarm/notice/update',
    {
      config: noticeEdit,
      schema: { tags, summary: 'Change a notice rule', body: UpdateNoticeRuleSchema, response: { 200: z.null() } },
    },
    async (req) => noData(await notices.update(principalOf(req), req.body)),
  );
  r.post(
    '/api/alarm/notice/deleteByIds',
    {
      config: noticeEdit,
      schema: { tags, summary: 'Delete notice rules', body: AlarmIdsSchema, response: { 200: z.null() } },
    },
    async (req) => noData(await notices.delete(principalOf(req), req.body)),
  );
  r.post(
    '/api/alarm/notice/common/list',
    {
      config,
      schema: {
        tags,
        summary: 'Common notice users: told of every alarm',
        response: { 200: z.array(CommonNoticeUserSchema) },
      },
    },
    (req) => notices.commonUsers(principalOf(req)),
  );
  r.post(
    '/api/alarm/notice/common/save',
    {
      config: noticeEdit,
      schema: {
        tags,
        summary: 'Replace the common notice users',
        body: z.array(CommonNoticeUserSchema).max(200),
        response: { 200: z.null() },
      },
    },
    async (req) => noData(await notices.saveCommonUsers(principalOf(req), req.body)),
  );
}
