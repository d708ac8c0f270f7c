// POST /api/file/localUpload/5: an image (JPG, JPEG, PNG or GIF, ≤ 2 MB, checked by content on the server) → its id and url.
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api/client';

/** SPEC §7 "General upload: /api/file/localUpload/5". */
export const GENERAL_UPLOAD_KIND = '5';

export function uploadImage(file: File) {
  return api.upload('/api/file/localUpload/{kind}', file, { quiet: true, params: { kind: GENERAL_UPLOAD_KIND } });
}

export function useUploadImageMutation() {
  return useMutation({ mutationFn: uploadImage });
}
