// livePlayUrl (SPEC §7): checks the caller may see the device and channel, starts or joins the
// channel's live session, and answers signed, short-lived URLs bound to the stream and to the
// session that asked (media/routes.ts opens them only with that session, and asks channelAccess
// again while a stream plays).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  LivePlayAnswerSchema,
  LivePlayUrlSchema,
  SipServerSchema,
  type LivePlayAnswer,
  type LivePlayUrl,
  type SipServer,
} from '@svc/contracts';
import type { Db } from '../../db/database.js';
import type { Gb28181Gateway } from '../../gateway/gb28181/gateway.js';
import { AppError } from '../../http/app-error.js';
import { mayAccess, principalOf, type Principal } from '../../http/auth.js';
import { LiveError, streamKeyOf, type LiveStreams } from '../../media/live.js';
import { hlsScope, liveScope } from '../../media/routes.js';
import { newNonce, type UrlSigner } from '../../media/signing.js';
import { holdsOnProject, scopeOf } from '../project/scope.js';
import { holdsVideoPrivilege } from '../role/video.js';
import { deviceRepo, groupAllows } from './repo.js';

/** What livePlayUrl requires of the caller; opening its URLs and watching on require it still. */
export const LIVE_ACCESS = 'device';
/**
 * A live URL must be opened within this long. A WebSocket URL opens once and its stream stays open
 * while its session may watch; an HLS URL opened in time lives while its player keeps fetching it
 * (media/routes.ts HLS_IDLE_S).
 */
const URL_TTL_S = 60;

type Wanted = { deviceId: number; channel: number };
export type ChannelVerdict =
  | {
      ok: true;
      device: { id: number; gb_code: string | null; dev_type: 'IPC' | 'NVR' | 'DVR' };
      /** undefined: the device has no such channel (yet: a camera before its catalog). */
      channel: { id: number; gb_code: string | null; main: number | null } | undefined;
    }
  | { ok: false; code: 404 | 4117 };

/** The power over video (SPEC §6 per-role video privileges) watching live needs. */
export const LIVE_VIDEO_PRIVILEGE = 'live';

/**
 * Whether the caller may watch each wanted channel (SPEC §6): the `live` video privilege (else
 * 4117), the device within the caller's scope (else 404), `device-show` on its project, and for staff
 * of a device group that names channels of the device, the channel among them (else 4117).
 * livePlayUrl asks before a stream starts, the media routes when a URL is opened and again while its
 * stream plays: at most five queries for any number of channels.
 */
export async function channelAccess(db: Db, caller: Principal, wanted: readonly Wanted[]): Promise<ChannelVerdict[]> {
  const [mayWatch, scope] = await Promise.all([
    holdsVideoPrivilege(db, caller, LIVE_VIDEO_PRIVILEGE),
    scopeOf(db, caller),
  ]);
  if (!mayWatch) return wanted.map(() => ({ ok: false, code: 4117 }));
  const devices = new Map(
    (await deviceRepo.reachable(db, scope, [...new Set(wanted.map((w) => w.deviceId))])).map((d) => [d.id, d]),
  );
  const channels = await deviceRepo.channelsOfDevices(
    db,
    caller.enterpriseId,
    [...devices.keys()],
    [...new Set(wanted.map((w) => w.channel))],
  );
  const channelOf = new Map(channels.map((c) => [`${c.device_id}-${c.index_no}`, c]));
  const group =
    scope.groupId !== null && channels.length > 0 ? await deviceRepo.groupChannels(db, scope.groupId) : null;
  return wanted.map((w): ChannelVerdict => {
    const device = devices.get(w.deviceId);
    if (!device) return { ok: false, code: 404 };
    if (!holdsOnProject(caller, scope, device.path, 'device-show')) return { ok: false, code: 4117 };
    const channel = channelOf.get(`${w.deviceId}-${w.channel}`);
    if (channel && !groupAllows(group, device.id, channel.id)) return { ok: false, code: 4117 };
    return { ok: true, device, channel };
  });
}

/** A stream key's parts (media/live.ts streamKeyOf). */
const keyParts = (key: string) => {
  const m = /^(\d+)-(\d+)-(\d+)-(main|sub)$/.exec(key);
  return m ? { enterpriseId: Number(m[1]), deviceId: Number(m[2]), channel: Number(m[3]) } : undefined;
};

/**
 * Of these stream keys, those the principal may watch now: it holds what livePlayUrl requires, the
 * stream is of its enterprise, and channelAccess lets it see the channel.
 */
export async function watchableKeys(db: Db, p: Principal, keys: readonly string[]): Promise<Set<string>> {
  if (!mayAccess(p, LIVE_ACCESS)) return new Set();
  const wanted = keys.flatMap((key) => {
    const parts = keyParts(key);
    return parts && parts.enterpriseId === p.enterpriseId ? [{ key, ...parts }] : [];
  });
  if (wanted.length === 0) return new Set();
  const verdicts = await channelAccess(db, p, wanted);
  return new Set(wanted.filter((_, i) => verdicts[i]!.ok).map((w) => w.key));
}

export function createLiveService(o: {
  db: Db;
  gateway: Gb28181Gateway;
  live: LiveStreams;
  signer: UrlSigner;
  now: () => number;
  /** The caller's enterprise enrolment secret, when the caller administers it (device service). */
  enrolment: (caller: Principal) => Promise<{ administrator: boolean; enrolmentSecret: string | null }>;
}) {
  return {
    /**
     * What a device is configured with: the platform's SIP address to anyone who handles devices, the
     * enterprise's enrolment secret to its administrators. The platform-wide default password is
     * nobody's to see: it is shared by every enterprise.
     */
    async sipServer(caller: Principal): Promise<SipServer> {
      const s = o.gateway.settings;
      return { id: s.id, domain: s.domain, ip: s.ip, port: s.port, ...(await o.enrolment(caller)) };
    },

    async playUrl(caller: Principal, input: LivePlayUrl, language: string): Promise<LivePlayAnswer> {
      const [verdict] = await channelAccess(o.db, caller, [{ deviceId: input.deviceId, channel: input.channel }]);
      if (!verdict!.ok) throw new AppError(verdict!.code);
      const { device, channel } = verdict!;
      // An IP camera whose catalog has not arrived yet plays under its own ID, as IP cameras accept.
      const channelCode =
        channel?.gb_code ?? (device.dev_type === 'IPC' && input.channel === 1 ? device.gb_code : null);
      if (!channelCode) throw AppError.param('channel', 'validation.invalid');
      const target = { gbCode: device.gb_code, channelCode, stream: input.stream };
      if (!o.gateway.registration(device.gb_code)) {
        o.live.failed(target, 4101, 'device offline: it is not registered');
        throw new AppError(4101);
      }
      // A channel the catalog reported not online cannot play (SPEC §4); one not yet synced is given the benefit.
      if (channel?.gb_code && (channel.main ?? -1) < 0) {
        o.live.failed(target, 4101, "channel offline: the device's catalog reports it not online");
        throw new AppError(4101);
      }

      const mode = await deviceRepo.streamMode(o.db, caller.enterpriseId, device.id);
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
      const exp = Math.floor(o.now() / 1000) + URL_TTL_S;
      const nonce = newNonce();
      const wsSig = o.signer.sign(liveScope(key, caller.sessionId, nonce), exp);
      const hlsSig = o.signer.sign(hlsScope(key, caller.sessionId), exp);
      const info = session.hub.info!;
      return {
        wsUrl: `/media/live/${key}.mp4?exp=${exp}&sig=${wsSig}&n=${nonce}&lang=${encodeURIComponent(language)}`,
        hlsUrl: `/media/hls/${key}/index.m3u8?exp=${exp}&sig=${hlsSig}`,
        expiresAt: new Date(exp * 1000).toISOString(),
        ...info,
      };
    },
  };
}
export type LiveService = ReturnType<typeof createLiveService>;

export function liveRoutes(app: FastifyInstance, service: LiveService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/api/device/livePlayUrl',
    {
      config: { access: LIVE_ACCESS },
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
        summary:
          'What a device needs to register: platform SIP ID, domain, address, port; the enrolment secret for administrators',
        response: { 200: SipServerSchema },
      },
    },
    async (req) => service.sipServer(principalOf(req)),
  );
}
