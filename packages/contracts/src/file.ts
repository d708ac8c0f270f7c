// Uploaded files (SPEC §5 images): stored under the data dir, found by id, checked by content.
import { z } from 'zod';

/** SPEC §5 and §9: images up to 2 MB. */
export const IMAGE_MAX_BYTES = 2_097_152;
export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/gif'] as const;

export const UploadedFileSchema = z
  .object({
    id: z.number().int(),
    url: z.string().describe('where the signed-in console reads the file'),
    mime: z.enum(IMAGE_TYPES),
    size: z.number().int(),
    width: z.number().int(),
    height: z.number().int(),
  })
  .meta({ id: 'UploadedFile' });
export type UploadedFile = z.infer<typeof UploadedFileSchema>;
