// Devices and channels (SPEC §3 Device, Channel, Regional configuration, Tag; §4 Device, NVR channel; §5).
import { z } from 'zod';
import { IdSchema, PageQuerySchema, pageOf } from './common.js';
import { DeviceStatusSchema, DeviceTypeSchema } from './project.js';
import { requiredString } from './rules.js';

/** SPEC §5: serial number of 13, 16 or 20 letters or digits. */
export const SN_PATTERN = /^(?:[A-Za-z0-9]{13}|[A-Za-z0-9]{16}|[A-Za-z0-9]{20})$/;
export const GB_CODE_PATTERN = /^\d{20}$/;

const sn = () => requiredString().trim().regex(SN_PATTERN, { error: 'device.sn' });
const gbCode = () => z.string().regex(GB_CODE_PATTERN, { error: 'device.gbCode' });
/** How the device sends media: TCP with the platform listening (GB/T 28181-2022's preference), UDP, or TCP with the device listening. */
export const StreamModeSchema = z.enum(['TCP-PASSIVE', 'UDP', 'TCP-ACTIVE']).describe('media transport');
const devName = () =>
  requiredString().trim().min(1, { error: 'validation.required' }).max(64, { error: 'validation.tooLong' });

export const AddDeviceSchema = z
  .strictObject({
    sn: sn(),
    devName: devName(),
    devType: DeviceTypeSchema,
    projectId: IdSchema,
    loginName: z
      .string()
      .trim()
      .min(1, { error: 'validation.required' })
      .max(32)
      .default('Admin')
      .describe('device login name (default Admin)'),
    password: requiredString()
      .min(1, { error: 'validation.required' })
      .max(64, { error: 'validation.tooLong' })
      .describe('device password'),
    gbCode: gbCode().optional(),
    streamMode: StreamModeSchema.default('TCP-PASSIVE'),
    vehicle: z.boolean().default(false).describe('vehicle-mounted device (SPEC §2: set up in home-page configuration)'),
  })
  .meta({ id: 'AddDevice' });
export type AddDevice = z.infer<typeof AddDeviceSchema>;

export const UpdateDeviceSchema = z
  .strictObject({
    id: IdSchema,
    devName: devName(),
    projectId: IdSchema,
    loginName: z.string().trim().min(1).max(32).optional(),
    password: z.string().min(1).max(64).optional(),
    gbCode: gbCode().nullable().optional(),
    streamMode: StreamModeSchema.optional(),
    vehicle: z.boolean().optional(),
  })
  .meta({ id: 'UpdateDevice' });

export const DeviceSchema = z
  .object({
    id: z.number().int(),
    uuid: z.string(),
    sn: z.string(),
    devName: z.string(),
    devType: DeviceTypeSchema,
    projectId: z.number().int(),
    projectName: z.string(),
    statusLive: DeviceStatusSchema,
    loginName: z.string(),
    gbCode: z.string().nullable(),
    streamMode: StreamModeSchema,
    vehicle: z.boolean(),
    model: z.string().nullable(),
    manufacturer: z.string().nullable(),
    ip: z.string().nullable(),
    port: z.number().int().nullable(),
    longitude: z.number().nullable(),
    latitude: z.number().nullable(),
    channelCount: z.number().int(),
    tags: z.array(z.string()),
    createdAt: z.string(),
    lastSeen: z
      .string()
      .nullable()
      .describe(
        'ISO 8601: when the platform last heard from the device (registration or keepalive; for an online device within 5 minutes); null if never',
      ),
  })
  .meta({ id: 'Device' });
export type Device = z.infer<typeof DeviceSchema>;

export const DeviceSortSchema = z.enum(['newest', 'name']).describe('newest first, or by name');
export const DeviceQuerySchema = PageQuerySchema.extend({
  projectId: IdSchema.optional().describe('this node and everything under it'),
  devType: DeviceTypeSchema.optional(),
  status: DeviceStatusSchema.optional(),
  text: z.string().trim().max(64).optional().describe('part of the name or serial number'),
})
  .strict()
  .meta({ id: 'DeviceQuery' });
export type DeviceQuery = z.infer<typeof DeviceQuerySchema>;
export const DevicePageSchema = pageOf(DeviceSchema).meta({ id: 'DevicePage' });
export const QueryBySnSchema = PageQuerySchema.extend({ sn: z.string().trim().min(1).max(20) })
  .strict()
  .meta({ id: 'QueryBySn' });
export const AllDevicesQuerySchema = z
  .strictObject({
    projectId: IdSchema.optional(),
    devType: DeviceTypeSchema.optional(),
    status: DeviceStatusSchema.optional(),
  })
  .meta({ id: 'AllDevicesQuery' });

export const CountByTypeSchema = z
  .object({
    total: z.number().int(),
    byType: z.object({ IPC: z.number().int(), NVR: z.number().int(), DVR: z.number().int() }),
    byStatus: z.object({ online: z.number().int(), dormancy: z.number().int(), offline: z.number().int() }),
  })
  .meta({ id: 'DeviceCounts' });

export const UpdateCoordinateSchema = z
  .strictObject({ id: IdSchema, longitude: z.number().min(-180).max(180), latitude: z.number().min(-90).max(90) })
  .meta({ id: 'UpdateCoordinate' });

// ── Channels ─────────────────────────────────────────────────────────────────────────────────────
export const ChannelKindSchema = z.enum(['normal', 'alarm', 'digital']);
export const CameraTypeSchema = z.enum(['ordinary', 'speedDome', 'hemisphere']);
/** SPEC §4 NVR channel: -2 special alarm message; 0 or above online; else not configured. */
export const channelState = (main: number | null): 'alarm' | 'online' | 'unconfigured' =>
  main === -2 ? 'alarm' : main !== null && main >= 0 ? 'online' : 'unconfigured';
export const ChannelSchema = z
  .object({
    id: z.number().int(),
    index: z.number().int(),
    channelTitle: z.string(),
    main: z.number().int().nullable(),
    extra: z.number().int().nullable(),
    state: z.enum(['alarm', 'online', 'unconfigured']),
    playable: z.boolean().describe('only online channels play (SPEC §4)'),
    kind: ChannelKindSchema,
    cameraType: CameraTypeSchema,
    longitude: z.number().nullable(),
    latitude: z.number().nullable(),
    enable: z.boolean(),
    gbCode: z.string().nullable(),
  })
  .meta({ id: 'Channel' });
export const UpdateChannelSchema = z
  .strictObject({
    id: IdSchema,
    channelTitle: z.string().trim().min(1, { error: 'validation.required' }).max(64).optional(),
    enable: z.boolean().optional(),
    cameraType: CameraTypeSchema.optional(),
    longitude: z.number().min(-180).max(180).nullable().optional(),
    latitude: z.number().min(-90).max(90).nullable().optional(),
  })
  .meta({ id: 'UpdateChannel' });

// ── Regional configuration (GB code composition) ─────────────────────────────────────────────────
export const RegionalConfigSchema = z
  .strictObject({
    server: z.string().trim().min(1, { error: 'validation.required' }).max(64).describe('SIP server address ip:port'),
    areaCode: z
      .string()
      .regex(/^\d{6}$/, { error: 'device.areaCode' })
      .describe('administrative area, 6 digits'),
    unitNumber: z
      .string()
      .regex(/^\d{2}$/, { error: 'device.unitNumber' })
      .describe('grassroots unit number, 2 digits (SPEC §5)'),
    industryCode: z.string().regex(/^\d{2}$/, { error: 'device.industryCode' }),
    typeCode: z.string().regex(/^\d{3}$/, { error: 'device.typeCode' }),
    networkId: z.string().regex(/^\d$/, { error: 'device.networkId' }).describe('network identification, 1 digit'),
    autoEnrolProjectId: IdSchema.nullable()
      .optional()
      .describe(
        "a node devices with this regional code but not yet added may enrol into, registering with the enterprise's enrolment secret; null = refuse them",
      ),
  })
  .meta({ id: 'RegionalConfig' });
export type RegionalConfig = z.infer<typeof RegionalConfigSchema>;

/**
 * A 20-digit GB/T 28181 code: centre code (area 6 + unit 2), industry 2, type 3, network 1, serial 6.
 */
export function composeGbCode(c: Omit<RegionalConfig, 'server'>, serial: number): string {
  if (!Number.isInteger(serial) || serial < 0 || serial > 999_999) throw new RangeError('serial must be 0–999999');
  return `${c.areaCode}${c.unitNumber}${c.industryCode}${c.typeCode}${c.networkId}${String(serial).padStart(6, '0')}`;
}
export function parseGbCode(code: string) {
  if (!GB_CODE_PATTERN.test(code)) return null;
  return {
    areaCode: code.slice(0, 6),
    unitNumber: code.slice(6, 8),
    industryCode: code.slice(8, 10),
    typeCode: code.slice(10, 13),
    networkId: code.slice(13, 14),
    serial: Number(code.slice(14)),
  };
}

// ── Tags ─────────────────────────────────────────────────────────────────────────────────────────
export const TagSchema = z
  .object({ id: z.number().int(), tagName: z.string(), deviceCount: z.number().int() })
  .meta({ id: 'Tag' });
export const TagDevicesSchema = z
  .strictObject({
    tagName: requiredString().trim().min(1, { error: 'validation.required' }).max(32, { error: 'validation.tooLong' }),
    deviceIds: z.array(IdSchema).min(1, { error: 'validation.selectOne' }).max(1000),
  })
  .meta({ id: 'TagDevices' });
export const DeviceIdsSchema = z
  .array(IdSchema)
  .min(1, { error: 'validation.selectOne' })
  .max(1000)
  .meta({ id: 'DeviceIds' });

/** GB/T 28181 type codes (digits 11–13) of the device types: DVR 111, NVR 118, IP camera 132 (131 camera also). */
export const GB_TYPE_CODES: Record<'IPC' | 'NVR' | 'DVR', readonly string[]> = {
  DVR: ['111'],
  NVR: ['118'],
  IPC: ['132', '131'],
};
