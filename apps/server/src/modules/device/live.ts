// livePlayUrl (SPEC §7): checks the caller may see the device and channel, starts or joins the
// channel's live session, and answers signed, short-lived URLs bound to channel and enterprise.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  LivePlayAnswerSchema,
  LivePlayUrlSchema,
  SipServerSchema,
  type LivePlayAnswer,
  type LivePlayUrl,
} from '@svc/contracts';
import type { Db } from '../../db/database.js';
import type { Gb28181Gateway } from '../../gateway/gb28181/gateway.js';
import { AppError } from '../../http/app-error.js';
import { principalOf, type Principal } from '../../http/auth.js';
import { LiveError, streamKeyOf, type LiveStreams } from '../../media/live.js';
import { hlsScope, liveScope } from '../../media/routes.js';
import type { UrlSigner } from '../../media/signing.js';
import { holdsOnProject, scopeOf } from '../project/scope.js';
import { deviceRepo } from './repo.js';

/** A live URL must be opened within this long; an open stream stays open. */
const WS_URL_TTL_S = 60;
/** HLS players fetch the playlist again and again: its URL lives longer. */
const HLS_URL_TTL_S = 600;

export function createLiveService(o: {
  db: Db;
  gateway: Gb28181Gateway;
  live: LiveStreams;
  signer: UrlSigner;
  now: () => number;
}) {
  return {
    async playUrl(caller: Principal, input: LivePlayUrl, language: string): Promise<LivePlayAnswer> {
      const scope = await scopeOf(o.db, caller);
      const device = await deviceRepo.get(o.db, scope, input.deviceId);
      if (!device) throw new AppError(404);
      if (!holdsOnProject(caller, scope, device.path, 'device-show')) throw new AppError(4117);
      const channels = await deviceRepo.channels(o.db, caller.enterpriseId, device.id);
      const channel = channels.find((c) => c.index_no === input.channel);
      if (channel && scope.groupId !== null) {
        const allowed = await deviceRepo.groupChannelIds(o.db, scope.groupId);
        if (allowed.size > 0 && !allowed.has(channel.id)) throw new AppError(4117);
      }
      // An IP camera whose catalog has not arrived yet plays under its own ID, as IP cameras accept.
      const channelCode =
        channel?.gb_code ?? (device.dev_type === 'IPC' && input.channel === 1 ? device.gb_code : null);
      if (!channelCode) throw AppError.param('channel', 'validation.invalid');
      if (!o.gateway.registration(device.gb_code)) throw new AppError(4101);
      // A channel the catalog reported not online cannot play (SPEC §4); one not yet synced is given the benefit.
      if (channel?.gb_code && (channel.main ?? -1) < 0) throw new AppError(4101);

      const { stream_mode: mode } = await o.db
        .selectFrom('device')
        .select('stream_mode')
        .where('id', '=', device.id)
        .executeTakeFirstOrThrow();
      const request = {
        enterpriseId: caller.enterpriseId,
        deviceId: device.id,
        gbCode: device.gb_code!,
        channelIndex: input.channel,
        channelCode,
        stream: input.stream,
        mode,
      };
      let session;
      try {
        session = await o.live.play(request);
      } catch (err) {
        if (err instanceof LiveError) throw new AppError(err.code);
        throw err;
      }
      const key = streamKeyOf(request);
      const now = Math.floor(o.now() / 1000);
      const wsExp = now + WS_URL_TTL_S;
      const hlsExp = now + HLS_URL_TTL_S;
      const info = session.hub.info!;
      return {
        wsUrl: `/media/live/${key}.mp4?exp=${wsExp}&sig=${o.signer.sign(liveScope(key), wsExp)}&lang=${encodeURIComponent(language)}`,
        hlsUrl: `/media/hls/${key}/index.m3u8?exp=${hlsExp}&sig=${o.signer.sign(hlsScope(key), hlsExp)}`,
        expiresAt: new Date(wsExp * 1000).toISOString(),
        ...info,
      };
    },
  };
}
export type LiveService = ReturnType<typeof createLiveService>;

export function liveRoutes(app: FastifyInstance, service: LiveService, gateway: Gb28181Gateway): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/api/device/livePlayUrl',
    {
      config: { access: 'device' },
      schema: {
        tags: ['device'],
        summary: 'Start or join a channel live stream; answers signed fMP4-over-WebSocket and HLS URLs',
        body: LivePlayUrlSchema,
        response: { 200: LivePlayAnswerSchema },
      },
    },
    async (req) => service.playUrl(principalOf(req), req.body, req.language),
  );
  r.get(
    '/api/device/sipServer',
    {
      config: { access: 'device' },
      schema: {
        tags: ['device'],
        summary: 'What a device needs to register: platform SIP ID, domain, address, port, default password',
        response: { 200: SipServerSchema },
      },
    },
    async () => {
      const s = gateway.settings;
      return { id: s.id, domain: s.domain, ip: s.ip, port: s.port, password: s.password };
    },
  );
}
