// Password recovery of SPEC §2 /findback and §7 /api/reset/*.
import { z } from 'zod';
import { encryptedPassword, requiredString } from './rules.js';

export const RESET_CODE_TTL_MINUTES = 10;
export const RESET_CODE_MAX_TRIES = 5;

/** Where a code can go; every name is offered both, so the answer tells nothing of the account. */
export const RESET_CHANNELS = ['email', 'mobile'] as const;
export const ResetChannelSchema = z.enum(RESET_CHANNELS);
export type ResetChannel = z.infer<typeof ResetChannelSchema>;
const userName = () =>
  requiredString().trim().min(1, { error: 'validation.required' }).max(64, { error: 'validation.tooLong' });
const code = () => requiredString().regex(/^\d{6}$/, { error: 'validation.resetCode' });

export const FindAccountQuerySchema = z.strictObject({ userName: userName() });
/** The same for every name, account or not (nothing to enumerate): the name to carry on with and the channels to offer. */
export const FoundAccountSchema = z
  .object({
    userName: z.string().describe('the name as given, trimmed'),
    channels: z.array(z.object({ type: ResetChannelSchema })),
  })
  .meta({ id: 'FoundAccount' });
export const SendCodeQuerySchema = z.strictObject({ userName: userName(), type: ResetChannelSchema });
/** Answered alike whether a code went out (only to an account that has the channel) or not. */
export const SentCodeSchema = z
  .object({ expiresInSeconds: z.number().int().describe('how long a code sent now stays valid') })
  .meta({ id: 'SentCode' });
export const VerifyCodeQuerySchema = z.strictObject({ userName: userName(), code: code() });
export const ResetPwQuerySchema = z.strictObject({ userName: userName(), code: code(), password: encryptedPassword() });
