// POST /api/file/localUpload/5: an image (JPG, JPEG, PNG or GIF, ≤ 2 MB, checked by content on the server) → its id and url.
import type { UploadedFile } from '@svc/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../app/api/client';

/** SPEC §7 "General upload: /api/file/localUpload/5". */
export const GENERAL_UPLOAD_PATH = '/api/file/localUpload/5';

export function uploadImage(file: File): Promise<UploadedFile> {
  return api.upload<UploadedFile>(GENERAL_UPLOAD_PATH, file, { quiet: true });
}

export function useUploadImageMutation() {
  return useMutation({ mutationFn: uploadImage });
}
