// Devices and their channels (SPEC §3 Device/Channel, §4 Device and NVR channel, §5, §7 /api/device).
// A device belongs to one enterprise; its serial number and GB code are unique on the platform.
import type { KeyObject } from 'node:crypto';
import { channelState, type AddDevice, type Device, type DeviceQuery, type RegionalConfig } from '@svc/contracts';
import type { z } from 'zod';
import type { UpdateChannelSchema, UpdateDeviceSchema } from '@svc/contracts';
import { decryptSecret, encryptSecret } from '../../crypto/secrets.js';
import type { Db } from '../../db/database.js';
import { isUniqueViolation } from '../../db/errors.js';
import { AppError } from '../../http/app-error.js';
import type { Principal } from '../../http/auth.js';
import { activityRepo } from '../activity/repo.js';
import { projectRepo } from '../project/repo.js';
import { holdsOnProject, scopeOf, type Scope } from '../project/scope.js';
import { administersEnterprise, checkGbType, newEnrolmentSecret, nextGbCode } from './regional.js';
import { regionalRepo } from './regional-repo.js';
import { deviceRepo, groupAllows, type DeviceRow } from './repo.js';

/** A non-paged list (pickers, maps) answers at most this many devices. */
export const ALL_DEVICES_LIMIT = 5000;

const toDevice = (r: DeviceRow): Device => ({
  id: r.id,
  uuid: r.uuid,
  sn: r.sn,
  devName: r.dev_name,
  devType: r.dev_type,
  projectId: r.project_id,
  projectName: r.project_name,
  statusLive: r.status,
  loginName: r.login_name,
  gbCode: r.gb_code,
  streamMode: r.stream_mode,
  vehicle: r.vehicle,
  model: r.model,
  manufacturer: r.manufacturer,
  ip: r.ip,
  port: r.port,
  longitude: r.longitude,
  latitude: r.latitude,
  channelCount: Number(r.channel_count),
  tags: r.tags ?? [],
  createdAt: r.created_at.toISOString(),
  lastSeen: r.last_seen?.toISOString() ?? null,
});

function uniqueness(err: unknown): never {
  if (isUniqueViolation(err, 'device_sn')) throw new AppError(409, { messageKey: 'conflict.sn' });
  if (isUniqueViolation(err, 'device_gb_code')) throw new AppError(409, { messageKey: 'conflict.gbCode' });
  throw err;
}

/** `secretKey` seals the device's SIP password: the gateway must read it back, so it cannot be hashed. */
export function createDeviceService({ db, secretKey }: { db: Db; secretKey: KeyObject }) {
  async function device(scope: Scope, id: number) {
    const row = await deviceRepo.get(db, scope, id);
    if (!row) throw new AppError(404);
    return row;
  }
  async function project(scope: Scope, id: number) {
    const row = await projectRepo.get(db, scope, id);
    if (!row) throw AppError.param('projectId', 'validation.invalid');
    return row;
  }
  const must = (caller: Principal, scope: Scope, path: string, key: string) => {
    if (!holdsOnProject(caller, scope, path, key)) throw new AppError(4117);
  };

  return {
    async add(caller: Principal, input: AddDevice): Promise<{ id: number; uuid: string }> {
      const scope = await scopeOf(db, caller);
      const target = await project(scope, input.projectId);
      must(caller, scope, target.path, 'device-add');
      if (input.gbCode) checkGbType(input.gbCode, input.devType);
      const gbCode = input.gbCode ?? (await nextGbCode(db, caller.enterpriseId, input.devType));
      let created: { id: number; uuid: string };
      try {
        created = await deviceRepo.insert(db, caller.enterpriseId, {
          ...input,
          gbCode,
          password: encryptSecret(secretKey, input.password),
        });
      } catch (err) {
        return uniqueness(err);
      }
      await activityRepo.record(db, [
        {
          enterpriseId: caller.enterpriseId,
          kind: 'device.added',
          subject: input.devName,
          projectId: target.id,
          projectName: target.name,
          deviceId: created.id,
          actor: caller.loginName,
        },
      ]);
      return created;
    },

    async update(caller: Principal, input: z.infer<typeof UpdateDeviceSchema>): Promise<void> {
      const scope = await scopeOf(db, caller);
      const current = await device(scope, input.id);
      must(caller, scope, current.path, 'device-edit');
      const target = await project(scope, input.projectId);
      must(caller, scope, target.path, 'device-edit');
      if (input.gbCode) checkGbType(input.gbCode, current.dev_type);
      try {
        await deviceRepo.update(db, caller.enterpriseId, input.id, {
          ...input,
          password: input.password === undefined ? undefined : encryptSecret(secretKey, input.password),
        });
      } catch (err) {
        uniqueness(err);
      }
    },

    async delete(caller: Principal, ids: number[]): Promise<void> {
      const scope = await scopeOf(db, caller);
      const rows = await Promise.all([...new Set(ids)].map((id) => device(scope, id)));
      for (const r of rows) must(caller, scope, r.path, 'device-delete');
      await deviceRepo.delete(
        db,
        caller.enterpriseId,
        rows.map((r) => r.id),
      );
      await activityRepo.record(
        db,
        rows.map((r) => ({
          enterpriseId: caller.enterpriseId,
          kind: 'device.deleted',
          subject: r.dev_name,
          projectId: r.project_id,
          projectName: r.project_name,
          deviceId: r.id,
          actor: caller.loginName,
        })),
      );
    },

    async page(caller: Principal, q: DeviceQuery & { sn?: string }) {
      const scope = await scopeOf(db, caller);
      const under = q.projectId !== undefined ? (await project(scope, q.projectId)).path : undefined;
      const page = await deviceRepo.page(db, scope, q, under);
      return { ...page, list: page.list.map(toDevice) };
    },

    async all(
      caller: Principal,
      f: {
        projectId?: number | undefined;
        devType?: Device['devType'] | undefined;
        status?: Device['statusLive'] | undefined;
      },
    ) {
      const scope = await scopeOf(db, caller);
      const under = f.projectId !== undefined ? (await project(scope, f.projectId)).path : undefined;
      return (await deviceRepo.all(db, scope, f, under, ALL_DEVICES_LIMIT)).map(toDevice);
    },

    async get(caller: Principal, id: number): Promise<Device> {
      return toDevice(await device(await scopeOf(db, caller), id));
    },

    async countByType(caller: Principal) {
      const rows = await deviceRepo.counts(db, await scopeOf(db, caller));
      const out = { total: 0, byType: { IPC: 0, NVR: 0, DVR: 0 }, byStatus: { online: 0, dormancy: 0, offline: 0 } };
      for (const r of rows) {
        const n = Number(r.n);
        out.total += n;
        out.byType[r.devType] += n;
        out.byStatus[r.status] += n;
      }
      return out;
    },

    regional: (caller: Principal) => regionalRepo.get(db, caller.enterpriseId),
    async setRegional(caller: Principal, c: RegionalConfig): Promise<void> {
      if (c.autoEnrolProjectId) {
        // Devices that enrol themselves land here: the caller must be able to add devices to it.
        const scope = await scopeOf(db, caller);
        const target = await projectRepo.get(db, scope, c.autoEnrolProjectId);
        if (!target) throw AppError.param('autoEnrolProjectId', 'validation.invalid');
        must(caller, scope, target.path, 'device-add');
      }
      try {
        // The secret is kept only by a first save; later saves leave the enterprise's secret as it is.
        await regionalRepo.set(db, caller.enterpriseId, c, encryptSecret(secretKey, newEnrolmentSecret()));
      } catch (err) {
        // One enterprise per code: otherwise another's devices could enrol here, or a second claim jam ours.
        if (isUniqueViolation(err, 'regional_config_code'))
          throw new AppError(409, { messageKey: 'conflict.regionalCode' });
        throw err;
      }
    },

    /** The enrolment side of the SIP settings: the enterprise's secret, for its administrators only. */
    async enrolment(caller: Principal): Promise<{ administrator: boolean; enrolmentSecret: string | null }> {
      if (!administersEnterprise(caller)) return { administrator: false, enrolmentSecret: null };
      const sealed = await regionalRepo.enrolmentSecret(db, caller.enterpriseId);
      return { administrator: true, enrolmentSecret: sealed === null ? null : decryptSecret(secretKey, sealed) };
    },

    /** A new enrolment secret; devices already enrolled keep the password they enrolled with. */
    async resetEnrolmentSecret(caller: Principal): Promise<{ enrolmentSecret: string }> {
      if (!administersEnterprise(caller)) throw new AppError(4117);
      const enrolmentSecret = newEnrolmentSecret();
      const kept = await regionalRepo.setEnrolmentSecret(
        db,
        caller.enterpriseId,
        encryptSecret(secretKey, enrolmentSecret),
      );
      if (!kept) throw new AppError(404);
      return { enrolmentSecret };
    },

    async updateCoordinate(caller: Principal, id: number, longitude: number, latitude: number): Promise<void> {
      const scope = await scopeOf(db, caller);
      must(caller, scope, (await device(scope, id)).path, 'device-edit');
      await deviceRepo.setCoordinate(db, caller.enterpriseId, id, longitude, latitude);
    },

    async channels(caller: Principal, deviceId: number) {
      const scope = await scopeOf(db, caller);
      await device(scope, deviceId);
      const rows = await deviceRepo.channels(db, caller.enterpriseId, deviceId);
      // Staff in a group see only the group's channels of a device, when the group names some of its channels.
      const group = scope.groupId === null ? null : await deviceRepo.groupChannels(db, scope.groupId);
      return rows
        .filter((c) => groupAllows(group, deviceId, c.id))
        .map((c) => {
          const state = channelState(c.main);
          return {
            id: c.id,
            index: c.index_no,
            channelTitle: c.channel_title,
            main: c.main,
            extra: c.extra,
            state,
            playable: state === 'online',
            kind: c.kind,
            cameraType: c.camera_type,
            longitude: c.longitude,
            latitude: c.latitude,
            enable: c.enable,
            gbCode: c.gb_code,
          };
        });
    },

    async updateChannel(caller: Principal, input: z.infer<typeof UpdateChannelSchema>): Promise<void> {
      const scope = await scopeOf(db, caller);
      const channel = await deviceRepo.channel(db, caller.enterpriseId, input.id);
      if (!channel) throw new AppError(404);
      must(caller, scope, (await device(scope, channel.device_id)).path, 'device-edit');
      await deviceRepo.updateChannel(db, input.id, input);
    },
  };
}
export type DeviceService = ReturnType<typeof createDeviceService>;
