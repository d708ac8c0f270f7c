// Routes of uploads (SPEC §7 /api/file/localUpload/5) and of reading a file back by its id.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IMAGE_MAX_BYTES, IdParamSchema, UploadedFileSchema } from '@svc/contracts';
import { readUpload } from '../../http/upload.js';
import { principalOf } from '../../http/auth.js';
import type { FileService } from './service.js';

const tags = ['file'];

export function fileRoutes(app: FastifyInstance, service: FileService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/api/file/localUpload/:kind',
    {
      // The enterprise logo is its only use (SPEC §7 general upload): whoever edits the enterprise info.
      config: { access: 'info-edit' },
      schema: {
        tags,
        summary: 'Upload an image (JPG, JPEG, PNG or GIF, at most 2 MB; multipart field `file`)',
        consumes: ['multipart/form-data'],
        params: z.strictObject({ kind: z.string().regex(/^\d{1,3}$/, { error: 'validation.invalid' }) }),
        response: { 200: UploadedFileSchema },
      },
    },
    async (req) =>
      service.saveImage(principalOf(req), `upload-${req.params.kind}`, await readUpload(req, IMAGE_MAX_BYTES)),
  );
  r.post(
    '/api/file/project/logoUpload/:kind',
    {
      config: { access: ['project-add', 'project-edit'] },
      schema: {
        tags,
        summary: 'Upload a project logo: an image, at most 2 MB, stored as a 32×32 icon (SPEC §9)',
        consumes: ['multipart/form-data'],
        params: z.strictObject({ kind: z.string().regex(/^\d{1,3}$/, { error: 'validation.invalid' }) }),
        response: { 200: UploadedFileSchema },
      },
    },
    async (req) => service.saveIcon(principalOf(req), await readUpload(req, IMAGE_MAX_BYTES)),
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
