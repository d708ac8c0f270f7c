// Alarm pictures: after a device alarm the platform hands the device a signed,
// short-lived, single-use upload URL (GB/T 28181-2022 SnapShotConfig); the device posts one JPEG or
// PNG there, checked by content and size; it is served only through the alarm's authorised route.
// Devices upload by the thousand a second during a burst: the pictures of one turn of the event loop
// are appended to their enterprise's segment file in one write, under ids reserved ahead, and become
// file rows and alarm links in one statement. Past UPLOAD_LIMIT uploads in hand, a device is told
// 503 and when to come back.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import { snapShotConfig } from '@svc/gb28181';
import { IMAGE_MAX_BYTES } from '@svc/contracts';
import { Batcher } from '../../db/batcher.js';
import type { Db } from '../../db/database.js';
import type { Gb28181Gateway } from '../../gateway/gb28181/gateway.js';
import { AppError } from '../../http/app-error.js';
import type { UrlSigner } from '../../media/signing.js';
import type { FileService, StoredPicture } from '../file/service.js';
import type { StoredAlarm } from './ingest.js';
import { alarmRepo } from './repo.js';

/** The device has this long to upload after being asked. */
const UPLOAD_TTL_S = 120;
/** Uploads being written or linked at once; past it devices are told to retry (503). */
export const UPLOAD_LIMIT = 1000;
const RETRY_AFTER_S = 1;
const PICTURE_TYPES = ['image/jpeg', 'image/png'] as const;
const UPLOAD_PATH = '/upload/alarm/';
/** The URL names the enterprise too (signed), so the file can be written before its row exists. */
const scopeOf = (alarmId: number, enterpriseId: number) => `alarm-picture:${alarmId}:${enterpriseId}`;

/** A plain-text answer; `close` ends the connection (its request's body is not read). */
function answer(res: ServerResponse, status: number, text: string, close = false): void {
  if (res.headersSent) return;
  res.writeHead(status, {
    'content-type': 'text/plain; charset=utf-8',
    'content-length': Buffer.byteLength(text),
    ...(close ? { connection: 'close' } : {}),
  });
  res.end(text);
}

/** The request body, up to IMAGE_MAX_BYTES. */
function readBody(req: IncomingMessage): Promise<Buffer | 'too large' | 'aborted'> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > IMAGE_MAX_BYTES) {
        req.removeAllListeners('data');
        resolve('too large');
      } else chunks.push(c);
    });
    req.once('end', () => resolve(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, size)));
    req.once('error', () => resolve('aborted'));
    // After 'end' this changes nothing; before it, the device went away mid-body.
    req.once('close', () => resolve('aborted'));
  });
}

export function createAlarmPictures(o: {
  db: Db;
  files: FileService;
  gateway: Gb28181Gateway;
  signer: UrlSigner;
  /** Where devices reach our HTTP port, e.g. http://192.168.1.10:8080 */
  publicBase: () => string;
  now: () => number;
  log: FastifyBaseLogger;
  /** Each upload's method, status and seconds, for the HTTP metrics. */
  observe?: (method: string, status: number, seconds: number) => void;
}) {
  const stats = { requested: 0, stored: 0, refused: 0, shed: 0, pending: 0 };
  const attach = new Batcher<{ alarmId: number; file: StoredPicture }, boolean>(
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

  async function upload(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url!, 'http://device');
    const idText = url.pathname.slice(UPLOAD_PATH.length);
    const id = /^\d{1,15}$/.test(idText) ? Number(idText) : NaN;
    const enterpriseId = Number(url.searchParams.get('e') ?? NaN);
    const valid =
      Number.isSafeInteger(id) &&
      Number.isSafeInteger(enterpriseId) &&
      o.signer.verify(
        scopeOf(id, enterpriseId),
        Number(url.searchParams.get('exp')),
        url.searchParams.get('sig') ?? '',
        Math.floor(o.now() / 1000),
      );
    // Refusals before the body is read close the connection: nothing more of it is read.
    if (req.method !== 'POST') return answer(res, 405, 'method not allowed', true);
    if (!valid) {
      stats.refused++;
      return answer(res, 403, 'forbidden', true);
    }
    const type = (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
    if (!(PICTURE_TYPES as readonly string[]).includes(type)) {
      stats.refused++;
      return answer(res, 415, 'not a JPEG or PNG image', true);
    }
    const declared = Number(req.headers['content-length'] ?? 0);
    if (declared > IMAGE_MAX_BYTES) {
      stats.refused++;
      return answer(res, 413, 'picture too large', true);
    }
    if (stats.pending >= UPLOAD_LIMIT) {
      stats.shed++;
      res.setHeader('retry-after', String(RETRY_AFTER_S));
      return answer(res, 503, 'busy, retry later', declared === 0);
    }
    stats.pending++;
    try {
      const bytes = await readBody(req);
      if (bytes === 'too large') {
        stats.refused++;
        return answer(res, 413, 'picture too large', true);
      }
      if (bytes === 'aborted') return;
      const status = await store(id, enterpriseId, bytes);
      if (status === 200) stats.stored++;
      else stats.refused++;
      answer(res, status, status === 200 ? 'ok' : status === 409 ? 'already uploaded' : 'not a JPEG or PNG image');
    } finally {
      stats.pending--;
    }
  }

  /** Writes the picture and links it to its alarm; answers the HTTP status for the device. */
  async function store(alarmId: number, enterpriseId: number, bytes: Buffer): Promise<200 | 409 | 415> {
    let file: StoredPicture;
    try {
      // JPEG or PNG only, whatever the device labelled it, within the size limit.
      file = await o.files.storePicture(enterpriseId, bytes, PICTURE_TYPES);
    } catch (err) {
      if (err instanceof AppError) return 415;
      throw err;
    }
    // One picture per alarm: a second upload with the same URL (or for an alarm since deleted) is
    // refused, and its bytes stay unnamed in the segment.
    return (await attach.add({ alarmId, file })) ? 200 : 409;
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

    /**
     * Serves a device's picture upload (`POST /upload/alarm/:id?e=&exp=&sig=`) on node's HTTP server,
     * ahead of Fastify; answers false for every other request. Devices are not console users: none
     * of the console's hooks (session, language, envelope, compression, request log) apply to them,
     * and Fastify's pipeline cost ~85 µs an upload, a sixth of the whole alarm path at 2,000 a second.
     */
    serve(req: IncomingMessage, res: ServerResponse): boolean {
      if (!req.url?.startsWith(UPLOAD_PATH)) return false;
      const t0 = performance.now();
      res.once('finish', () => o.observe?.(req.method ?? '', res.statusCode, (performance.now() - t0) / 1000));
      upload(req, res).catch((err: unknown) => {
        o.log.error({ err }, 'alarm picture upload failed');
        answer(res, 500, 'internal error', true);
      });
      return true;
    },
  };
}
export type AlarmPictures = ReturnType<typeof createAlarmPictures>;
