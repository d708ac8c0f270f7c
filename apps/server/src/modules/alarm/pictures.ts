// Alarm pictures (issue 7 §1): after a device alarm the platform hands the device a signed,
// short-lived, single-use upload URL (GB/T 28181-2022 SnapShotConfig); the device posts one JPEG or
// PNG there, checked by content and size; it is served only through the alarm's authorised route.
// Devices upload by the thousand a second during a burst: each picture is written under an id
// reserved ahead, and the pictures of one turn of the event loop become file rows and alarm links in
// one statement. Past UPLOAD_LIMIT uploads in hand, a device is told 503 and when to come back.
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { snapShotConfig } from '@svc/gb28181';
import { IMAGE_MAX_BYTES } from '@svc/contracts';
import { Batcher } from '../../db/batcher.js';
import type { Db } from '../../db/database.js';
import type { Gb28181Gateway } from '../../gateway/gb28181/gateway.js';
import { AppError } from '../../http/app-error.js';
import type { UrlSigner } from '../../media/signing.js';
import type { FileService, ReservedFile } from '../file/service.js';
import type { StoredAlarm } from './ingest.js';
import { alarmRepo } from './repo.js';

/** The device has this long to upload after being asked. */
const UPLOAD_TTL_S = 120;
/** Uploads being written or linked at once; past it devices are told to retry (503). */
export const UPLOAD_LIMIT = 1000;
const RETRY_AFTER_S = 1;
const PICTURE_TYPES = ['image/jpeg', 'image/png'] as const;
/** The URL names the enterprise too (signed), so the file can be written before its row exists. */
const scopeOf = (alarmId: number, enterpriseId: number) => `alarm-picture:${alarmId}:${enterpriseId}`;

export function createAlarmPictures(o: {
  db: Db;
  files: FileService;
  gateway: Gb28181Gateway;
  signer: UrlSigner;
  /** Where devices reach our HTTP port, e.g. http://192.168.1.10:8080 */
  publicBase: () => string;
  now: () => number;
  log: FastifyBaseLogger;
}) {
  const stats = { requested: 0, stored: 0, refused: 0, shed: 0, pending: 0 };
  const attach = new Batcher<{ alarmId: number; file: ReservedFile }, boolean>(
    async (items) => {
      const taken = await alarmRepo.attachPictures(o.db, items);
      return items.map((i) => taken.has(i.file.id));
    },
    500,
    2,
  );

  /** A fresh upload URL for one alarm's picture. */
  function uploadUrl(alarmId: number, enterpriseId: number): string {
    const exp = Math.floor(o.now() / 1000) + UPLOAD_TTL_S;
    const sig = o.signer.sign(scopeOf(alarmId, enterpriseId), exp);
    return `${o.publicBase()}/upload/alarm/${alarmId}?e=${enterpriseId}&exp=${exp}&sig=${sig}`;
  }

  /** Writes the picture and links it to its alarm; answers the HTTP status for the device. */
  async function store(alarmId: number, enterpriseId: number, bytes: Buffer): Promise<200 | 409 | 415> {
    let file: ReservedFile;
    try {
      // JPEG or PNG only, whatever the device labelled it, within the size limit.
      file = await o.files.writeReserved(enterpriseId, bytes, PICTURE_TYPES);
    } catch (err) {
      if (err instanceof AppError) return 415;
      throw err;
    }
    let taken = false;
    try {
      taken = await attach.add({ alarmId, file });
    } finally {
      // One picture per alarm: a second upload with the same URL (or for an alarm since deleted) is refused.
      if (!taken) await o.files.discardReserved(file);
    }
    return taken ? 200 : 409;
  }

  return {
    stats,
    uploadUrl,

    /** Asks the device for a picture of this alarm; never waits on or fails the alarm itself. */
    async request(a: StoredAlarm): Promise<void> {
      if (a.source !== 'device') return;
      const reg = o.gateway.registration(a.gbCode ?? null);
      if (!reg) return;
      const xml = snapShotConfig({
        sn: a.id % 1_000_000_000,
        deviceId: reg.gbCode,
        uploadUrl: uploadUrl(a.id, a.enterpriseId),
        sessionId: `alarm-${a.id}`,
      });
      stats.requested++;
      await o.gateway.commands.send(reg, xml).catch((err: unknown) => {
        o.log.debug({ err, alarm: a.id }, 'snapshot request not delivered');
      });
    },

    routes(app: FastifyInstance): void {
      app.addContentTypeParser(
        ['image/jpeg', 'image/png'],
        { parseAs: 'buffer', bodyLimit: IMAGE_MAX_BYTES },
        (_req, body, done) => done(null, body),
      );
      app.post<{ Params: { id: string }; Querystring: { e?: string; exp?: string; sig?: string } }>(
        '/upload/alarm/:id',
        { schema: { hide: true } },
        async (req, reply) => {
          const id = Number(req.params.id);
          const enterpriseId = Number(req.query.e);
          const valid =
            Number.isSafeInteger(id) &&
            Number.isSafeInteger(enterpriseId) &&
            o.signer.verify(
              scopeOf(id, enterpriseId),
              Number(req.query.exp),
              req.query.sig ?? '',
              Math.floor(o.now() / 1000),
            );
          if (!valid || !Buffer.isBuffer(req.body)) {
            stats.refused++;
            return reply.code(403).send('forbidden');
          }
          if (stats.pending >= UPLOAD_LIMIT) {
            stats.shed++;
            return reply.code(503).header('retry-after', String(RETRY_AFTER_S)).send('busy, retry later');
          }
          stats.pending++;
          try {
            const status = await store(id, enterpriseId, req.body);
            if (status === 200) stats.stored++;
            else stats.refused++;
            return reply
              .code(status)
              .send(status === 200 ? 'ok' : status === 409 ? 'already uploaded' : 'not a JPEG or PNG image');
          } finally {
            stats.pending--;
          }
        },
      );
    },
  };
}
export type AlarmPictures = ReturnType<typeof createAlarmPictures>;
