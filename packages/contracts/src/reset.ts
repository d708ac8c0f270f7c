// Password recovery of SPEC §2 /findback and §7 /api/reset/*.
import { z } from 'zod';
import { encryptedPassword, requiredString } from './rules.js';

export const RESET_CODE_TTL_MINUTES = 10;
export const RESET_CODE_MAX_TRIES = 5;

export const ResetChannelSchema = z.enum(['email', 'mobile']);
export type ResetChannel = z.infer<typeof ResetChannelSchema>;
const userName = () =>
  requiredString().trim().min(1, { error: 'validation.required' }).max(64, { error: 'validation.tooLong' });
const code = () => requiredString().regex(/^\d{6}$/, { error: 'validation.resetCode' });

export const FindAccountQuerySchema = z.strictObject({ userName: userName() });
export const FoundAccountSchema = z
  .object({
    userName: z.string(),
    channels: z.array(
      z.object({ type: ResetChannelSchema, masked: z.string().describe('e.g. a***@example.com, 138****0000') }),
    ),
  })
  .meta({ id: 'FoundAccount' });
export const SendCodeQuerySchema = z.strictObject({ userName: userName(), type: ResetChannelSchema });
export const SentCodeSchema = z
  .object({ expiresInSeconds: z.number().int(), masked: z.string() })
  .meta({ id: 'SentCode' });
export const VerifyCodeQuerySchema = z.strictObject({ userName: userName(), code: code() });
export const ResetPwQuerySchema = z.strictObject({ userName: userName(), code: code(), password: encryptedPassword() });
