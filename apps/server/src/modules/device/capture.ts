// restful `capture` (SPEC §7) over GB/T 28181-2022 SnapShotConfig: the device is handed a signed,
// single-use upload URL, posts one JPEG or PNG there, and the caller gets it back inline in the
// restful answer — no file kept, so nobody but the caller (checked for device-show) sees it.
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { snapShotConfig } from '@svc/gb28181';
import { IMAGE_MAX_BYTES } from '@svc/contracts';
import type { Gb28181Gateway } from '../../gateway/gb28181/gateway.js';
import type { Registration } from '../../gateway/gb28181/registry.js';
import { AppError } from '../../http/app-error.js';
import type { UrlSigner } from '../../media/signing.js';
import { sniffImage } from '../file/image.js';

/** How long a device has to take and upload the picture: past it, SPEC §8 4102 snapshot failed. */
const CAPTURE_WAIT_MS = 10_000;
const scopeOf = (token: string) => `capture:${token}`;

export function createCaptures(o: {
  gateway: Gb28181Gateway;
  signer: UrlSigner;
  publicBase: () => string;
  now: () => number;
  waitMs?: number;
}) {
  const waiting = new Map<string, (picture: { mime: string; bytes: Buffer }) => void>();

  return {
    /** Asks the device for one picture; answers it as a data URL, or throws 4102. */
    async capture(reg: Registration): Promise<string> {
      const token = randomBytes(16).toString('hex');
      const exp = Math.floor(o.now() / 1000) + Math.ceil((o.waitMs ?? CAPTURE_WAIT_MS) / 1000);
      const url = `${o.publicBase()}/upload/capture/${token}?exp=${exp}&sig=${o.signer.sign(scopeOf(token), exp)}`;
      const picture = new Promise<{ mime: string; bytes: Buffer }>((resolve, reject) => {
        const timer = setTimeout(() => {
          waiting.delete(token);
          reject(new AppError(4102));
        }, o.waitMs ?? CAPTURE_WAIT_MS);
        waiting.set(token, (p) => {
          clearTimeout(timer);
          waiting.delete(token);
          resolve(p);
        });
      });
      const xml = snapShotConfig({
        sn: Math.floor(Math.random() * 1e9),
        deviceId: reg.gbCode,
        uploadUrl: url,
        sessionId: `capture-${token}`,
      });
      // Not awaited before the picture: the MESSAGE's transaction can outlast the picture's wait,
      // and a wait that times out while nobody listens would be an unhandled rejection.
      void o.gateway.commands.send(reg, xml).catch(() => {
        waiting.get(token)?.({ mime: '', bytes: Buffer.alloc(0) });
      });
      const p = await picture;
      if (p.bytes.length === 0) throw new AppError(4102);
      return `data:${p.mime};base64,${p.bytes.toString('base64')}`;
    },

    /** The upload route: one picture per URL, JPEG or PNG by content, at most IMAGE_MAX_BYTES. */
    routes(app: FastifyInstance): void {
      // The picture arrives as the raw body; past the image size limit Fastify refuses it unread.
      app.addContentTypeParser(
        ['image/jpeg', 'image/png'],
        { parseAs: 'buffer', bodyLimit: IMAGE_MAX_BYTES },
        (_req, body, done) => done(null, body),
      );
      app.post<{ Params: { token: string }; Querystring: { exp?: string; sig?: string } }>(
        '/upload/capture/:token',
        { schema: { hide: true } },
        async (req, reply) => {
          const { token } = req.params;
          const ok =
            /^[0-9a-f]{32}$/.test(token) &&
            o.signer.verify(scopeOf(token), Number(req.query.exp), req.query.sig ?? '', Math.floor(o.now() / 1000));
          const deliver = ok ? waiting.get(token) : undefined;
          if (!deliver || !Buffer.isBuffer(req.body)) return reply.code(403).send('forbidden');
          const mime = sniffImage(req.body)?.mime;
          if (mime !== 'image/jpeg' && mime !== 'image/png') return reply.code(415).send('not a JPEG or PNG image');
          deliver({ mime, bytes: req.body });
          return reply.code(200).send('ok');
        },
      );
    },
  };
}
export type Captures = ReturnType<typeof createCaptures>;
