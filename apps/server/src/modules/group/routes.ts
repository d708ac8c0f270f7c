// Routes of device groups (SPEC §7 /api/group).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AddGroupSchema,
  GroupEmployeeSchema,
  GroupSchema,
  IdBodySchema,
  PageQuerySchema,
  UpdateGroupSchema,
  pageOf,
} from '@svc/contracts';
import { noData } from '../../http/envelope.js';
import type { GroupMemberService } from './members.js';
import { principalOf } from '../../http/auth.js';
import type { GroupService } from './service.js';

const tags = ['group'];

const ids = (name: string) =>
  z.array(z.number().int().positive()).min(1, { error: 'validation.selectOne' }).max(1000).describe(name);
const DeviceMembersSchema = z
  .strictObject({ groupId: z.number().int().positive(), deviceIds: ids('devices') })
  .meta({ id: 'GroupDevices' });
const ChannelMembersSchema = z
  .strictObject({ groupId: z.number().int().positive(), channelIds: ids('channels') })
  .meta({ id: 'GroupChannels' });
const GroupDeviceSchema = z.object({
  id: z.number().int(),
  sn: z.string(),
  devName: z.string(),
  devType: z.enum(['IPC', 'NVR', 'DVR']),
});
const EmployeeMembersSchema = z
  .strictObject({ groupId: z.number().int().positive(), employeeIds: ids('staff') })
  .meta({ id: 'GroupEmployees' });
const GroupChannelSchema = z.object({
  id: z.number().int(),
  deviceId: z.number().int(),
  index: z.number().int(),
  channelTitle: z.string(),
});

export function groupRoutes(app: FastifyInstance, service: GroupService, members: GroupMemberService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/api/group/getAll',
    {
      // Whoever adds or edits staff picks from this list too.
      config: { access: ['role', 'user-add', 'user-edit'] },
      schema: { tags, summary: 'Device groups of the enterprise', response: { 200: z.array(GroupSchema) } },
    },
    async (request) => service.getAll(principalOf(request)),
  );
  r.post(
    '/api/group/add',
    {
      config: { access: 'group-edit' },
      schema: {
        tags,
        summary: 'Add a device group',
        body: AddGroupSchema,
        response: { 200: z.object({ id: z.number().int() }) },
      },
    },
    async (request) => service.add(principalOf(request), request.body),
  );
  r.post(
    '/api/group/update',
    {
      config: { access: 'group-edit' },
      schema: {
        tags,
        summary: 'Rename, describe, open or close a group',
        body: UpdateGroupSchema,
        response: { 200: z.null() },
      },
    },
    async (request) => {
      await service.update(principalOf(request), request.body);
      return null;
    },
  );
  r.post(
    '/api/group/delete',
    {
      config: { access: 'group-edit' },
      schema: { tags, summary: 'Delete a closed group', body: IdBodySchema, response: { 200: z.null() } },
    },
    async (request) => {
      await service.delete(principalOf(request), request.body.id);
      return null;
    },
  );
  r.post(
    '/api/group/device/query',
    {
      config: { access: 'role' },
      schema: {
        tags,
        summary: 'Devices a group grants',
        body: PageQuerySchema.extend({ groupId: z.number().int().positive() }).strict(),
        response: { 200: pageOf(GroupDeviceSchema) },
      },
    },
    async (request) => members.devices(principalOf(request), request.body.groupId, request.body),
  );
  r.post(
    '/api/group/device/listAdd',
    {
      config: { access: 'group-edit' },
      schema: {
        tags,
        summary: 'Grant devices through a group',
        body: DeviceMembersSchema,
        response: { 200: z.null() },
      },
    },
    async (request) =>
      noData(await members.addDevices(principalOf(request), request.body.groupId, request.body.deviceIds)),
  );
  r.post(
    '/api/group/device/listRemove',
    {
      config: { access: 'group-edit' },
      schema: { tags, summary: 'Take devices out of a group', body: DeviceMembersSchema, response: { 200: z.null() } },
    },
    async (request) =>
      noData(await members.removeDevices(principalOf(request), request.body.groupId, request.body.deviceIds)),
  );
  r.post(
    '/api/group/channel/query',
    {
      config: { access: 'role' },
      schema: {
        tags,
        summary: 'Channels a group grants',
        body: z.strictObject({ groupId: z.number().int().positive() }),
        response: { 200: z.array(GroupChannelSchema) },
      },
    },
    async (request) => members.channels(principalOf(request), request.body.groupId),
  );
  r.post(
    '/api/group/channel/listAdd',
    {
      config: { access: 'group-edit' },
      schema: {
        tags,
        summary: 'Grant channels through a group',
        body: ChannelMembersSchema,
        response: { 200: z.null() },
      },
    },
    async (request) =>
      noData(await members.addChannels(principalOf(request), request.body.groupId, request.body.channelIds)),
  );
  r.post(
    '/api/group/channel/listRemove',
    {
      config: { access: 'group-edit' },
      schema: {
        tags,
        summary: 'Take channels out of a group',
        body: ChannelMembersSchema,
        response: { 200: z.null() },
      },
    },
    async (request) =>
      noData(await members.removeChannels(principalOf(request), request.body.groupId, request.body.channelIds)),
  );
  r.post(
    '/api/group/employee/query',
    {
      config: { access: 'role' },
      schema: {
        tags,
        summary: 'Every staff member, with the group each is in now',
        body: z.strictObject({ groupId: z.number().int().positive() }),
        response: { 200: z.array(GroupEmployeeSchema) },
      },
    },
    async (request) => members.employees(principalOf(request), request.body.groupId),
  );
  r.post(
    '/api/group/employee/listAdd',
    {
      config: { access: 'group-edit' },
      schema: {
        tags,
        summary: 'Put staff in a group (moving them out of any other)',
        body: EmployeeMembersSchema,
        response: { 200: z.null() },
      },
    },
    async (request) =>
      noData(await members.addEmployees(principalOf(request), request.body.groupId, request.body.employeeIds)),
  );
  r.post(
    '/api/group/employee/listRemove',
    {
      config: { access: 'group-edit' },
      schema: {
        tags,
        summary: 'Take staff out of a group',
        body: EmployeeMembersSchema,
        response: { 200: z.null() },
      },
    },
    async (request) =>
      noData(await members.removeEmployees(principalOf(request), request.body.groupId, request.body.employeeIds)),
  );
}
