// Sign-in, session, captcha, password change and branding (SPEC §3 Session, §4 Session, §7 Auth).
import { z } from 'zod';
import { encryptedPassword, loginName } from './rules.js';
import { PrivilegeItemSchema } from './privileges.js';

export const LoginModeSchema = z.enum(['main', 'sub']).describe('main account or sub-account sign-in (SPEC §4)');
export type LoginMode = z.infer<typeof LoginModeSchema>;
export const CaptchaModeSchema = z.enum(['off', 'after-failures', 'always']);
export type CaptchaMode = z.infer<typeof CaptchaModeSchema>;

export const RsaKeyQuerySchema = z.strictObject({
  username: z.string().max(64).optional().describe('login name about to sign in (informational)'),
});
export const RsaKeySchema = z
  .object({
    publicKey: z.string().describe('PEM, SPKI'),
    algorithm: z.literal('RSA-OAEP-256').describe('encrypt with RSA-OAEP and SHA-256, then base64'),
  })
  .meta({ id: 'RsaKey' });

export const LoginRsaSchema = z
  .strictObject({
    loginName: loginName(),
    password: encryptedPassword(),
    loginMode: LoginModeSchema.default('main'),
    verificationCode: z.string().trim().max(8, { error: 'validation.tooLong' }).optional(),
    verificationKey: z.uuid({ error: 'validation.invalid' }).optional(),
  })
  .meta({ id: 'LoginRsa' });
export type LoginRsa = z.infer<typeof LoginRsaSchema>;

export const LoginResultSchema = z
  .object({ token: z.string(), expiresAt: z.string().describe('ISO 8601') })
  .meta({ id: 'LoginResult' });
/** Attached to 14020 and 1002 answers so the sign-in page knows to show the captcha next. */
export const LoginFailureDataSchema = z.object({ captchaRequired: z.boolean() }).meta({ id: 'LoginFailureData' });

export const SessionSchema = z
  .object({
    loginName: z.string(),
    name: z.string(),
    isSuperMan: z.boolean(),
    isCloudAccount: z.boolean().describe('cloud-account user: sees all menus, no personal info page'),
    showAiServices: z
      .boolean()
      .describe('SPEC §2: the tree shows the AI service and vehicle GPS groups (login name in AI_LOGIN_NAMES)'),
    roles: z.array(z.object({ id: z.number().int(), roleName: z.string() })),
    userPrivilegeKeys: z.array(z.string()),
    privilegeList: z.array(PrivilegeItemSchema),
    logoUrl: z.string().nullable(),
    userLoginInfo: z.object({ id: z.number().int(), enterpriseId: z.number().int(), loginMode: LoginModeSchema }),
    userAccount: z.object({
      loginName: z.string(),
      name: z.string(),
      mobile: z.string().nullable(),
      email: z.string().nullable(),
      enterpriseName: z.string(),
    }),
  })
  .meta({ id: 'Session' });
export type Session = z.infer<typeof SessionSchema>;

export const LogoutQuerySchema = z.strictObject({ token: z.string().max(128).optional() });

export const VerificationCodeSchema = z
  .object({ key: z.uuid(), image: z.string().describe('data: URL of an SVG image') })
  .meta({ id: 'VerificationCode' });

export const PasswordVariantSchema = z.enum(['password']).describe('what is updated; `password` changes the password');
export const UpdatePasswordSchema = z
  .strictObject({ oldPassword: encryptedPassword(), newPassword: encryptedPassword() })
  .meta({ id: 'UpdatePassword' });

export const BrandingSchema = z
  .object({
    title: z.string(),
    logoUrl: z.string().nullable(),
    backgroundUrl: z.string().nullable().describe("the sign-in page's background address"),
    loginCaptcha: CaptchaModeSchema,
  })
  .meta({ id: 'Branding' });
export type Branding = z.infer<typeof BrandingSchema>;
