// Routes of devices and channels (SPEC §7 /api/device); each declares its access, and the service
// checks the project-level key (device-add, device-edit, device-delete) on the node concerned.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AddDeviceSchema,
  AllDevicesQuerySchema,
  ChannelSchema,
  CountByTypeSchema,
  DeviceIdsSchema,
  DevicePageSchema,
  DeviceQuerySchema,
  EnrolmentSecretSchema,
  DeviceSchema,
  IdParamSchema,
  QueryBySnSchema,
  RegionalConfigSchema,
  TagDevicesSchema,
  TagSchema,
  UpdateChannelSchema,
  UpdateCoordinateSchema,
  UpdateDeviceSchema,
} from '@svc/contracts';
import { principalOf } from '../../http/auth.js';
import { noData } from '../../http/envelope.js';
import type { DeviceService } from './service.js';
import type { TagService } from './tags.js';

const tags = ['device'];
const config = { access: 'device' as const };

export function deviceRoutes(app: FastifyInstance, service: DeviceService, tags_: TagService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/api/device/add',
    {
      config,
      schema: {
        tags,
        summary: 'Add a device to a project node',
        body: AddDeviceSchema,
        response: { 200: z.object({ id: z.number().int(), uuid: z.string() }) },
      },
    },
    async (req) => service.add(principalOf(req), req.body),
  );
  r.post(
    '/api/device/update',
    {
      config,
      schema: {
        tags,
        summary: 'Rename, move or re-credential a device',
        body: UpdateDeviceSchema,
        response: { 200: z.null() },
      },
    },
    async (req) => noData(await service.update(principalOf(req), req.body)),
  );
  r.post(
    '/api/device/deleteByIds',
    { config, schema: { tags, summary: 'Delete devices', body: DeviceIdsSchema, response: { 200: z.null() } } },
    async (req) => noData(await service.delete(principalOf(req), req.body)),
  );
  r.post(
    '/api/device/page/queryList',
    {
      config,
      schema: {
        tags,
        summary: 'Devices by project subtree, type, status and text, newest first',
        body: DeviceQuerySchema,
        response: { 200: DevicePageSchema },
      },
    },
    async (req) => service.page(principalOf(req), req.body),
  );
  r.post(
    '/api/device/page/queryBySn',
    {
      config,
      schema: {
        tags,
        summary: 'Devices whose serial number contains the text',
        body: QueryBySnSchema,
        response: { 200: DevicePageSchema },
      },
    },
    async (req) =>
      service.page(principalOf(req), {
        page: req.body.page,
        size: req.body.size,
        cursor: req.body.cursor,
        sn: req.body.sn,
      }),
  );
  r.post(
    '/api/device/all/queryList',
    {
      config,
      schema: {
        tags,
        summary: 'Devices without paging (at most 5,000), by name',
        body: AllDevicesQuerySchema,
        response: { 200: z.array(DeviceSchema) },
      },
    },
    async (req) => service.all(principalOf(req), req.body),
  );
  r.get(
    '/api/device/detail/:id',
    { config, schema: { tags, summary: 'One device', params: IdParamSchema, response: { 200: DeviceSchema } } },
    async (req) => service.get(principalOf(req), req.params.id),
  );
  r.post(
    '/api/device/countByType',
    { config, schema: { tags, summary: 'Devices by type and by status', response: { 200: CountByTypeSchema } } },
    async (req) => service.countByType(principalOf(req)),
  );
  r.post(
    '/api/device/updateCoordinate',
    {
      config,
      schema: { tags, summary: 'Place a device on the map', body: UpdateCoordinateSchema, response: { 200: z.null() } },
    },
    async (req) =>
      noData(await service.updateCoordinate(principalOf(req), req.body.id, req.body.longitude, req.body.latitude)),
  );
  r.post(
    '/api/device/channel/list',
    {
      config,
      schema: {
        tags,
        summary: 'Channels of a device, with their state (SPEC §4)',
        body: z.strictObject({ deviceId: z.number().int().positive() }),
        response: { 200: z.array(ChannelSchema) },
      },
    },
    async (req) => service.channels(principalOf(req), req.body.deviceId),
  );
  r.post(
    '/api/device/channel/update',
    {
      config,
      schema: {
        tags,
        summary: 'Rename, enable or place a channel',
        body: UpdateChannelSchema,
        response: { 200: z.null() },
      },
    },
    async (req) => noData(await service.updateChannel(principalOf(req), req.body)),
  );
  r.post(
    '/api/device/regional/query',
    {
      config: { access: 'GB28181' },
      schema: {
        tags,
        summary: 'The enterprise’s regional configuration for GB codes, or null',
        response: { 200: RegionalConfigSchema.nullable() },
      },
    },
    async (req) => service.regional(principalOf(req)),
  );
  r.post(
    '/api/device/regional/update',
    {
      config: { access: 'GB28181' },
      schema: {
        tags,
        summary: 'Set the regional configuration (SPEC §3, §5)',
        body: RegionalConfigSchema,
        response: { 200: z.null() },
      },
    },
    async (req) => noData(await service.setRegional(principalOf(req), req.body)),
  );
  r.post(
    '/api/device/regional/resetSecret',
    {
      // As the regional configuration, and the service lets administrators only (GET sipServer shows it).
      config: { access: 'GB28181' },
      schema: {
        tags,
        summary: 'Regenerate the enterprise’s enrolment secret (administrators); enrolled devices keep theirs',
        response: { 200: EnrolmentSecretSchema },
      },
    },
    async (req) => service.resetEnrolmentSecret(principalOf(req)),
  );
  r.post(
    '/api/device/tag/list',
    {
      config,
      schema: {
        tags,
        summary: 'Tags of the enterprise with their device counts',
        response: { 200: z.array(TagSchema) },
      },
    },
    async (req) => tags_.list(principalOf(req)),
  );
  r.post(
    '/api/device/tag/add',
    {
      config,
      schema: {
        tags,
        summary: 'Tag devices (the tag is made on first use)',
        body: TagDevicesSchema,
        response: { 200: z.null() },
      },
    },
    async (req) => noData(await tags_.tag(principalOf(req), req.body.tagName, req.body.deviceIds)),
  );
  r.post(
    '/api/device/tag/remove',
    {
      config,
      schema: { tags, summary: 'Take a tag off devices', body: TagDevicesSchema, response: { 200: z.null() } },
    },
    async (req) => noData(await tags_.untag(principalOf(req), req.body.tagName, req.body.deviceIds)),
  );
}
