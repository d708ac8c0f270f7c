// POST /api/file/project/logoUpload/0: an image (JPG, JPEG, PNG or GIF, ≤ 2 MB) stored as a 32×32 icon → its url.
import type { UploadedFile } from '@svc/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../app/api/client';

export const PROJECT_LOGO_UPLOAD_PATH = '/api/file/project/logoUpload/0';

export function uploadProjectLogo(file: File): Promise<UploadedFile> {
  return api.upload<UploadedFile>(PROJECT_LOGO_UPLOAD_PATH, file, { quiet: true });
}

export function useUploadProjectLogoMutation() {
  return useMutation({ mutationFn: uploadProjectLogo });
}
