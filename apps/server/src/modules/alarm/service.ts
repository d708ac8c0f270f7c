// Alarms (SPEC §3, §4, §7): the list and its filters, read state and handling, manual alarms, the
// one-minute poll, and the store the gateway writes device alarms into.
import {
  ALARM_LIST_ALL_LIMIT,
  ALARM_TYPES,
  HANDLING_STATES,
  LATEST_WINDOW_MAX_S,
  type Alarm,
  type AlarmFilter,
  type AlarmType,
  type Handling,
} from '@svc/contracts';
import { guardCmd } from '@svc/gb28181';
import type { Db } from '../../db/database.js';
import type { Gb28181Gateway } from '../../gateway/gb28181/gateway.js';
import { AppError } from '../../http/app-error.js';
import type { Principal } from '../../http/auth.js';
import { formatZoned, parseZoned } from '../../http/zoned-time.js';
import { deviceRepo } from '../device/repo.js';
import { ALARM_PICTURE_KIND, type FileService } from '../file/service.js';
import { projectRepo } from '../project/repo.js';
import { holdsOnProject, scopeOf, type Scope } from '../project/scope.js';
import { alarmRepo, type AlarmRow, type AlarmWhere } from './repo.js';

const toAlarm = (r: AlarmRow, tz: string): Alarm => ({
  id: r.id,
  deviceId: r.device_id,
  deviceName: r.device_name,
  sn: r.sn,
  projectId: r.project_id,
  projectName: r.project_name,
  channel: r.channel,
  channelTitle: r.channel_title,
  type: r.type,
  alarmTime: formatZoned(r.alarm_time, tz),
  status: r.read ? 1 : 0,
  handling: r.handling,
  note: r.note,
  content: r.content,
  priority: r.priority,
  picture: r.picture_file_id ? `/api/alarm/picture/${r.id}` : null,
  source: r.source,
});

export function createAlarmService({ db, now, files }: { db: Db; now: () => Date; files: FileService }) {
  async function where(scope: Scope, f: AlarmFilter, tz: string): Promise<AlarmWhere> {
    let underPath: string | undefined;
    if (f.projectId !== undefined) {
      const project = await projectRepo.get(db, scope, f.projectId);
      if (!project) throw AppError.param('projectId', 'validation.invalid');
      underPath = project.path;
    }
    return {
      underPath,
      deviceId: f.deviceId,
      channel: f.channel,
      type: f.type,
      from: f.alarmTimeBegin ? parseZoned(f.alarmTimeBegin, tz) : undefined,
      // The end names a whole second: alarms stamped within it are in.
      to: f.alarmTimeEnd ? new Date(parseZoned(f.alarmTimeEnd, tz).getTime() + 999) : undefined,
      read: f.status === undefined ? undefined : f.status === 1,
      handling: f.handling,
      sinceId: f.sinceId,
      untilId: f.untilId,
    };
  }

  /** The caller's alarms among ids, each on a project where they hold `key`; else not found / 4117. */
  async function owned(caller: Principal, ids: number[], key: string): Promise<number[]> {
    const scope = await scopeOf(db, caller);
    const unique = [...new Set(ids)];
    const rows = await alarmRepo.owned(db, scope, unique);
    if (rows.length !== unique.length) throw new AppError(404);
    for (const r of rows) if (!holdsOnProject(caller, scope, r.path, key)) throw new AppError(4117);
    return unique;
  }

  return {
    async page(
      caller: Principal,
      q: AlarmFilter & { page: number; size: number; cursor?: string | undefined },
      tz: string,
    ) {
      const scope = await scopeOf(db, caller);
      const page = await alarmRepo.page(db, scope, await where(scope, q, tz), q);
      return { ...page, list: page.list.map((r) => toAlarm(r, tz)) };
    },

    async listAll(caller: Principal, f: AlarmFilter, tz: string): Promise<Alarm[]> {
      const scope = await scopeOf(db, caller);
      return (await alarmRepo.list(db, scope, await where(scope, f, tz), ALARM_LIST_ALL_LIMIT)).map((r) =>
        toAlarm(r, tz),
      );
    },

    async counts(caller: Principal, f: AlarmFilter, tz: string) {
      const scope = await scopeOf(db, caller);
      const rows = await alarmRepo.counts(db, scope, await where(scope, f, tz));
      const byType = Object.fromEntries(ALARM_TYPES.map((t) => [t, 0])) as Record<AlarmType, number>;
      const byHandling = Object.fromEntries(HANDLING_STATES.map((h) => [h, 0])) as Record<Handling, number>;
      let total = 0;
      let unread = 0;
      for (const r of rows) {
        const n = Number(r.n);
        total += n;
        unread += Number(r.unread);
        byType[r.type as AlarmType] += n;
        byHandling[r.handling] += n;
      }
      return { total, unread, byType, byHandling };
    },

    /** SPEC §4 polling: at most a one-minute window. */
    async latest(
      caller: Principal,
      q: { projectId?: number | undefined; alarmTimeBegin: string; alarmTimeEnd: string },
      tz: string,
    ): Promise<Alarm[]> {
      const from = parseZoned(q.alarmTimeBegin, tz);
      const to = parseZoned(q.alarmTimeEnd, tz);
      if (to.getTime() - from.getTime() > LATEST_WINDOW_MAX_S * 1000) {
        throw AppError.param('alarmTimeEnd', 'alarm.windowTooLong', { max: LATEST_WINDOW_MAX_S });
      }
      return this.listAll(
        caller,
        { projectId: q.projectId, alarmTimeBegin: q.alarmTimeBegin, alarmTimeEnd: q.alarmTimeEnd },
        tz,
      );
    },

    /** The alarm's picture, to those who may see the alarm. */
    async picture(caller: Principal, id: number): Promise<{ mime: string; bytes: Buffer }> {
      const [mine] = await owned(caller, [id], 'device-show');
      const fileId = await alarmRepo.pictureOf(db, caller.enterpriseId, mine!);
      if (!fileId) throw new AppError(404);
      return files.read(caller, fileId, ALARM_PICTURE_KIND);
    },

    async setStatus(caller: Principal, ids: number[], status: 0 | 1): Promise<void> {
      const mine = await owned(caller, ids, 'device-show');
      await alarmRepo.setRead(db, caller.enterpriseId, mine, status === 1);
    },

    async handle(caller: Principal, id: number, handling: Handling, note: string | undefined): Promise<void> {
      const [mine] = await owned(caller, [id], 'device-show');
      await alarmRepo.setHandling(db, caller.enterpriseId, mine!, handling, note ?? null);
    },

    async delete(caller: Principal, ids: number[]): Promise<void> {
      await alarmRepo.delete(db, caller.enterpriseId, await owned(caller, ids, 'device-edit'));
    },

    /** A manual alarm (SPEC §7 add) on a device, and optionally one of its channels. */
    async add(
      caller: Principal,
      a: {
        deviceId: number;
        channel?: number | undefined;
        type: AlarmType;
        alarmTime?: string | undefined;
        content: string;
      },
      tz: string,
    ): Promise<{ id: number }> {
      const scope = await scopeOf(db, caller);
      const device = await deviceRepo.get(db, scope, a.deviceId);
      if (!device) throw AppError.param('deviceId', 'validation.invalid');
      if (!holdsOnProject(caller, scope, device.path, 'device-show')) throw new AppError(4117);
      let channelId: number | null = null;
      if (a.channel !== undefined) {
        const channel = (await deviceRepo.channels(db, caller.enterpriseId, device.id)).find(
          (c) => c.index_no === a.channel,
        );
        if (!channel) throw AppError.param('channel', 'validation.invalid');
        channelId = channel.id;
      }
      const id = await alarmRepo.insert(db, {
        enterprise_id: caller.enterpriseId,
        project_id: device.project_id,
        device_id: device.id,
        channel_id: channelId,
        type: a.type,
        alarm_time: a.alarmTime ? parseZoned(a.alarmTime, tz) : now(),
        content: a.content,
        source: 'manual',
        device_sn: null,
        priority: null,
        method: null,
        picture_file_id: null,
        longitude: null,
        latitude: null,
        note: null,
      });
      return { id: id! };
    },
  };
}
export type AlarmService = ReturnType<typeof createAlarmService>;

/** Arming (GB28181 GuardCmd): kept per device, sent to the online ones; alarms of disarmed devices are stored, not told. */
export function createGuardService({ db, gateway }: { db: Db; gateway: Gb28181Gateway }) {
  return {
    async guard(
      caller: Principal,
      g: { deviceIds?: number[] | undefined; projectId?: number | undefined; guard: boolean },
    ): Promise<{ devices: number; sent: number; failed: number }> {
      const scope = await scopeOf(db, caller);
      let devices: { id: number; gb_code: string | null; path: string }[];
      if (g.projectId !== undefined) {
        const project = await projectRepo.get(db, scope, g.projectId);
        if (!project) throw AppError.param('projectId', 'validation.invalid');
        devices = await deviceRepo.under(db, scope, project.path);
      } else {
        const ids = [...new Set(g.deviceIds)];
        devices = await deviceRepo.reachable(db, scope, ids);
        if (devices.length !== ids.length) throw new AppError(404);
      }
      for (const d of devices) if (!holdsOnProject(caller, scope, d.path, 'device-edit')) throw new AppError(4117);
      if (devices.length > 0) {
        await deviceRepo.setArmed(
          db,
          caller.enterpriseId,
          devices.map((d) => d.id),
          g.guard,
        );
      }
      const online = devices.flatMap((d) => {
        const reg = gateway.registration(d.gb_code);
        return reg ? [reg] : [];
      });
      const results = await Promise.allSettled(
        online.map((reg) => gateway.commands.send(reg, guardCmd({ sn: 1, deviceId: reg.gbCode, guard: g.guard }))),
      );
      const failed = results.filter((r) => r.status === 'rejected').length;
      return { devices: devices.length, sent: online.length - failed, failed };
    },
  };
}
export type GuardService = ReturnType<typeof createGuardService>;
