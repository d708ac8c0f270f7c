// Uploaded files (SPEC §5 images): stored under the data dir, found by id, checked by content.
import { z } from 'zod';

import { IMAGE_TYPES } from './patterns.js';

export { IMAGE_MAX_BYTES, IMAGE_TYPES } from './patterns.js';

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
