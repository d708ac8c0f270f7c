// Reads the one file of a multipart upload (field `file`), refusing a missing or oversize file with 4000.
import type { FastifyRequest } from 'fastify';
import type { MessageKey } from '@svc/contracts';
import { AppError } from './app-error.js';

/**
 * A refused upload: 4000 with SPEC §5's own message ("upload format error", "upload failed …"). The
 * file is the whole request, so the message names no field (no "Parameter error: file —").
 */
export function uploadRefused(reason: MessageKey, params?: Record<string, string | number>): AppError {
  return new AppError(4000, { messageKey: reason, ...(params ? { params } : {}) });
}

/** A byte limit as people read it: "2 MB". */
export const megabytes = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;

export async function readUpload(request: FastifyRequest, maxBytes: number): Promise<Buffer> {
  const part = request.isMultipart() ? await request.file({ limits: { fileSize: maxBytes, files: 1 } }) : undefined;
  if (!part) throw uploadRefused('file.missing');
  return part.toBuffer().catch(() => {
    throw uploadRefused('file.tooLarge', { max: megabytes(maxBytes) });
  });
}
