// /api/restful (SPEC §7): device calls answered in the device interface's shape — data is a JSON
// string {"code":2000,"data":{"Ret":100,…}}; Ret carries SPEC §8 device interface codes.
import { z } from 'zod';
import { IdSchema } from './common.js';

export const RESTFUL_CMDS = ['getInfo', 'status', 'keepalive', 'capture', 'opdev', 'getConfig', 'setConfig'] as const;
export const RestfulCmdSchema = z.enum(RESTFUL_CMDS);

export const BasicParamSchema = z
  .object({
    Name: z.string().trim().min(1).max(64).optional(),
    Expiration: z
      .number()
      .int()
      .min(3600)
      .max(7 * 86_400)
      .optional(),
    HeartBeatInterval: z.number().int().min(5).max(3600).optional(),
    HeartBeatCount: z.number().int().min(1).max(10).optional(),
  })
  .meta({ id: 'BasicParam' });

export const RestfulSchema = z
  .object({
    deviceId: IdSchema,
    cmd: RestfulCmdSchema,
    /** opdev: the operation; only restart (GB28181 TeleBoot) exists. */
    op: z.enum(['restart']).optional(),
    /** setConfig: the basic parameters to change. */
    BasicParam: BasicParamSchema.optional(),
  })
  .meta({ id: 'Restful' });
export type Restful = z.infer<typeof RestfulSchema>;

/** Device interface answer codes used here (SPEC §8 device interface). */
export const RET = {
  success: 100,
  unknown: 101,
  illegalRequest: 103,
  timeout: 108,
  messageFormat: 117,
  unsupported: 605,
  validationFailed: 606,
} as const;
