// POST /api/file/project/logoUpload/0: an image (JPG, JPEG, PNG or GIF, ≤ 2 MB) stored as a 32×32 icon → its url.
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api/client';

export const PROJECT_LOGO_UPLOAD_KIND = '0';

export function uploadProjectLogo(file: File) {
  return api.upload('/api/file/project/logoUpload/{kind}', file, {
    quiet: true,
    params: { kind: PROJECT_LOGO_UPLOAD_KIND },
  });
}

export function useUploadProjectLogoMutation() {
  return useMutation({ mutationFn: uploadProjectLogo });
}
