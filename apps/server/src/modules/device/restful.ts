// /api/restful device calls (SPEC §7) carried over GB28181: DeviceInfo, DeviceStatus, the
// registration itself, TeleBoot, ConfigDownload and DeviceConfig. The answer is the device
// interface's JSON string; Ret says how the device fared (SPEC §8 device codes).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { RET, RestfulSchema, type Restful } from '@svc/contracts';
import {
  configDownloadQuery,
  deviceConfig,
  deviceInfoQuery,
  deviceStatusQuery,
  readConfigDownload,
  readDeviceInfo,
  readDeviceStatus,
  readResult,
  SipTimeoutError,
  teleBoot,
  type BasicParam,
} from '@svc/gb28181';
import type { Db } from '../../db/database.js';
import { DeviceAnswerTimeout } from '../../gateway/gb28181/commands.js';
import type { Gb28181Gateway } from '../../gateway/gb28181/gateway.js';
import type { Registration } from '../../gateway/gb28181/registry.js';
import { AppError } from '../../http/app-error.js';
import { principalOf, type Principal } from '../../http/auth.js';
import { sendStringData } from '../../http/envelope.js';
import { holdsOnProject, scopeOf } from '../project/scope.js';
import type { Captures } from './capture.js';
import { deviceRepo } from './repo.js';

type Answer = { Ret: number } & Record<string, unknown>;

/** Calls that change the device need device-edit on its project; the rest device-show. */
const CHANGES = new Set<Restful['cmd']>(['opdev', 'setConfig']);

const basicParamOut = (p: BasicParam | undefined) => ({
  Name: p?.name,
  Expiration: p?.expiration,
  HeartBeatInterval: p?.heartBeatInterval,
  HeartBeatCount: p?.heartBeatCount,
});

export function createRestfulService({
  db,
  gateway,
  captures,
}: {
  db: Db;
  gateway: Gb28181Gateway;
  captures: Captures;
}) {
  async function ask(reg: Registration, cmdType: string, xml: (sn: number) => string) {
    const [m] = await gateway.commands.ask(reg, cmdType, xml);
    return m!;
  }

  async function call(reg: Registration, input: Restful): Promise<Answer> {
    const deviceId = reg.gbCode;
    switch (input.cmd) {
      case 'getInfo': {
        const r = readDeviceInfo(await ask(reg, 'DeviceInfo', (sn) => deviceInfoQuery({ sn, deviceId })));
        if (!r.ok) return { Ret: RET.messageFormat };
        const i = r.value;
        return {
          Ret: RET.success,
          DeviceName: i.deviceName,
          Manufacturer: i.manufacturer,
          Model: i.model,
          Firmware: i.firmware,
          Channel: i.channel,
        };
      }
      case 'status': {
        const r = readDeviceStatus(await ask(reg, 'DeviceStatus', (sn) => deviceStatusQuery({ sn, deviceId })));
        if (!r.ok) return { Ret: RET.messageFormat };
        const s = r.value;
        return {
          Ret: RET.success,
          Online: s.online,
          Status: s.status,
          Encode: s.encode,
          Record: s.record,
          DeviceTime: s.deviceTime,
        };
      }
      case 'keepalive':
        return {
          Ret: RET.success,
          Online: true,
          Transport: reg.peer.transport,
          LastKeepalive: new Date(reg.lastSeen).toISOString(),
          HeartBeatInterval: reg.keepaliveInterval,
          RegisterExpires: new Date(reg.expiresAt).toISOString(),
        };
      case 'capture':
        // GB/T 28181-2022 SnapShotConfig: the picture comes back inline; a device that sends none is 4102.
        return { Ret: RET.success, Picture: await captures.capture(reg) };
      case 'opdev':
        if (input.op !== 'restart') return { Ret: RET.illegalRequest };
        // TeleBoot has no answer but the SIP 200: the device reboots and registers again.
        await gateway.commands.send(reg, teleBoot({ sn: 1, deviceId }));
        return { Ret: RET.success };
      case 'getConfig': {
        const r = readConfigDownload(
          await ask(reg, 'ConfigDownload', (sn) => configDownloadQuery({ sn, deviceId, configType: 'BasicParam' })),
        );
        if (!r.ok) return { Ret: RET.messageFormat };
        return { Ret: RET.success, BasicParam: basicParamOut(r.value.basicParam) };
      }
      case 'setConfig': {
        const p = input.BasicParam;
        if (!p || Object.values(p).every((v) => v === undefined)) return { Ret: RET.validationFailed };
        const basicParam: BasicParam = {
          ...(p.Name !== undefined ? { name: p.Name } : {}),
          ...(p.Expiration !== undefined ? { expiration: p.Expiration } : {}),
          ...(p.HeartBeatInterval !== undefined ? { heartBeatInterval: p.HeartBeatInterval } : {}),
          ...(p.HeartBeatCount !== undefined ? { heartBeatCount: p.HeartBeatCount } : {}),
        };
        const r = readResult(await ask(reg, 'DeviceConfig', (sn) => deviceConfig({ sn, deviceId, basicParam })));
        if (!r.ok) return { Ret: RET.messageFormat };
        if (r.value.result.toUpperCase() !== 'OK') return { Ret: RET.validationFailed };
        if (p.HeartBeatInterval !== undefined) {
          // Offline detection follows the device's new interval at once.
          reg.keepaliveInterval = p.HeartBeatInterval;
          await deviceRepo.setKeepaliveInterval(db, reg.deviceId, p.HeartBeatInterval);
        }
        return { Ret: RET.success };
      }
    }
  }

  return {
    async restful(caller: Principal, input: Restful): Promise<string> {
      const scope = await scopeOf(db, caller);
      const device = await deviceRepo.get(db, scope, input.deviceId);
      if (!device) throw new AppError(404);
      if (!holdsOnProject(caller, scope, device.path, CHANGES.has(input.cmd) ? 'device-edit' : 'device-show')) {
        throw new AppError(4117);
      }
      const reg = gateway.registration(device.gb_code);
      if (!reg) throw new AppError(4101);
      let answer: Answer;
      try {
        answer = await call(reg, input);
      } catch (err) {
        // The device heard nothing (SIP timeout) or said nothing (no MANSCDP answer): its interface's timeout.
        if (!(err instanceof DeviceAnswerTimeout) && !(err instanceof SipTimeoutError)) throw err;
        answer = { Ret: RET.timeout };
      }
      return JSON.stringify({ code: 2000, data: answer });
    },
  };
}
export type RestfulService = ReturnType<typeof createRestfulService>;

export function restfulRoutes(app: FastifyInstance, service: RestfulService): void {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/restful',
    {
      config: { access: 'device' },
      schema: {
        tags: ['device'],
        summary: 'Device calls over GB28181; data is the device interface JSON string {code:2000,data:{Ret,…}}',
        body: RestfulSchema,
        response: { 200: z.string() },
      },
    },
    async (req, reply) => sendStringData(req, reply, await service.restful(principalOf(req), req.body)),
  );
}
