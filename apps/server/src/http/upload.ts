// Reads the one file of a multipart upload (field `file`), refusing a missing or oversize file with 4000.
import type { FastifyRequest } from 'fastify';
import { AppError } from './app-error.js';

export async function readUpload(request: FastifyRequest, maxBytes: number): Promise<Buffer> {
  const part = request.isMultipart() ? await request.file({ limits: { fileSize: maxBytes, files: 1 } }) : undefined;
  if (!part) throw AppError.param('file', 'file.missing');
  return part.toBuffer().catch(() => {
    throw AppError.param('file', 'file.tooLarge', { max: `${Math.round(maxBytes / 1024 / 1024)} MB` });
  });
}
