// Alarm pictures (issue 7 §1): after a device alarm the platform hands the device a signed,
// short-lived, single-use upload URL (GB/T 28181-2022 SnapShotConfig); the device posts one JPEG or
// PNG there, checked by content and size; it is served only through the alarm's authorised route.
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { snapShotConfig } from '@svc/gb28181';
import type { Db } from '../../db/database.js';
import type { Gb28181Gateway } from '../../gateway/gb28181/gateway.js';
import { AppError } from '../../http/app-error.js';
import { IMAGE_MAX_BYTES } from '@svc/contracts';
import type { UrlSigner } from '../../media/signing.js';
import { sniffImage } from '../file/image.js';
import { ALARM_PICTURE_KIND, type FileService } from '../file/service.js';
import type { StoredAlarm } from './ingest.js';

/** The device has this long to upload after being asked. */
const UPLOAD_TTL_S = 120;
const scopeOf = (alarmId: number) => `alarm-picture:${alarmId}`;

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
  const stats = { requested: 0, stored: 0, refused: 0 };

  /** A fresh upload URL for one alarm's picture. */
  function uploadUrl(alarmId: number): string {
    const exp = Math.floor(o.now() / 1000) + UPLOAD_TTL_S;
    return `${o.publicBase()}/upload/alarm/${alarmId}?exp=${exp}&sig=${o.signer.sign(scopeOf(alarmId), exp)}`;
  }

  return {
    stats,
    uploadUrl,

    /** Asks the device for a picture of this alarm; never waits on or fails the alarm itself. */
    async request(a: StoredAlarm): Promise<void> {
      if (a.source !== 'device') return;
      const reg = o.gateway.registration(a.gbCode ?? null);
      if (!reg) return;
      const url = uploadUrl(a.id);
      const xml = snapShotConfig({
        sn: a.id % 1_000_000_000,
        deviceId: reg.gbCode,
        uploadUrl: url,
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
      app.post<{ Params: { id: string }; Querystring: { exp?: string; sig?: string } }>(
        '/upload/alarm/:id',
        { schema: { hide: true } },
        async (req, reply) => {
          const id = Number(req.params.id);
          const valid =
            Number.isSafeInteger(id) &&
            o.signer.verify(scopeOf(id), Number(req.query.exp), req.query.sig ?? '', Math.floor(o.now() / 1000));
          if (!valid || !Buffer.isBuffer(req.body)) {
            stats.refused++;
            return reply.code(403).send('forbidden');
          }
          const alarm = await o.db
            .selectFrom('alarm')
            .select(['enterprise_id', 'picture_file_id'])
            .where('id', '=', id)
            .executeTakeFirst();
          // One picture per alarm: a second upload with the same URL is refused.
          if (!alarm || alarm.picture_file_id !== null) {
            stats.refused++;
            return reply.code(409).send('already uploaded');
          }
          // JPEG or PNG only, whatever the device labelled it: the rest of the checks are the file service's.
          const kind = sniffImage(req.body)?.mime;
          if (kind !== 'image/jpeg' && kind !== 'image/png') {
            stats.refused++;
            return reply.code(415).send('not a JPEG or PNG image');
          }
          let file;
          try {
            file = await o.files.storeImage(
              { enterpriseId: alarm.enterprise_id, userId: null },
              ALARM_PICTURE_KIND,
              req.body,
            );
          } catch (err) {
            stats.refused++;
            if (err instanceof AppError) return reply.code(415).send('not a JPEG or PNG image');
            throw err;
          }
          const set = await o.db
            .updateTable('alarm')
            .set({ picture_file_id: file.id })
            .where('id', '=', id)
            .where('picture_file_id', 'is', null)
            .executeTakeFirst();
          if (Number(set.numUpdatedRows) === 0) return reply.code(409).send('already uploaded');
          stats.stored++;
          return reply.code(200).send('ok');
        },
      );
    },
  };
}
export type AlarmPictures = ReturnType<typeof createAlarmPictures>;
