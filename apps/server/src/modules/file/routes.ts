// Routes of uploads (SPEC §7 /api/file/localUpload/5) and of reading a file back by its id.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IMAGE_MAX_BYTES, IdParamSchema, UploadedFileSchema } from '@svc/contracts';
import { AppError } from '../../http/app-error.js';
import { principalOf } from '../../http/auth.js';
import type { FileService } from './service.js';

const tags = ['file'];

export function fileRoutes(app: FastifyInstance, service: FileService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/api/file/localUpload/:kind',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: 'Upload an image (JPG, JPEG, PNG or GIF, at most 2 MB; multipart field `file`)',
        consumes: ['multipart/form-data'],
        params: z.strictObject({ kind: z.string().regex(/^\d{1,3}$/, { error: 'validation.invalid' }) }),
        response: { 200: UploadedFileSchema },
      },
    },
    async (req) => {
      const part = req.isMultipart() ? await req.file({ limits: { fileSize: IMAGE_MAX_BYTES, files: 1 } }) : undefined;
      if (!part) throw AppError.param('file', 'file.missing');
      const bytes = await part.toBuffer().catch(() => {
        throw AppError.param('file', 'file.tooLarge', { max: '2 MB' });
      });
      return service.saveImage(principalOf(req), `upload-${req.params.kind}`, bytes);
    },
  );
  r.get(
    '/api/file/:id',
    {
      config: { access: 'signed-in' },
      schema: { tags, summary: 'An uploaded file of the caller’s enterprise', params: IdParamSchema },
    },
    async (req, reply) => {
      const file = await service.read(principalOf(req), req.params.id);
      // Raw bytes, not the envelope (Fastify sends a Buffer as it is): an <img> reads this.
      // nosniff keeps browsers to the stored type.
      return reply
        .type(file.mime)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, max-age=86400')
        .send(file.bytes);
    },
  );
}
