// Routes of roles (SPEC §7 /api/role): each declares its privilege; each handler is one service call.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AddRoleSchema,
  CopyRoleSchema,
  EmployeeInRoleSchema,
  IdParamSchema,
  RoleEmployeeListSchema,
  RoleEmployeeQuerySchema,
  RoleEmployeesQuerySchema,
  RoleRefSchema,
  RoleSchema,
  UpdateRoleSchema,
  pageOf,
} from '@svc/contracts';
import { principalOf } from '../../http/auth.js';
import type { RoleService } from './service.js';

const tags = ['role'];
const Created = z.object({ id: z.number().int() });

export function roleRoutes(app: FastifyInstance, service: RoleService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/api/role/add',
    {
      config: { access: 'role-add' },
      schema: { tags, summary: 'Add a role with privilege keys', body: AddRoleSchema, response: { 200: Created } },
    },
    async (req) => service.add(principalOf(req), req.body),
  );
  r.post(
    '/api/role/update',
    {
      config: { access: 'role-edit' },
      schema: {
        tags,
        summary: 'Change a role’s name, remark and keys',
        body: UpdateRoleSchema,
        response: { 200: z.null() },
      },
    },
    async (req) => {
      await service.update(principalOf(req), req.body);
      return null;
    },
  );
  r.post(
    '/api/role/copy',
    {
      config: { access: 'role-add' },
      schema: { tags, summary: 'Copy a role under a new name', body: CopyRoleSchema, response: { 200: Created } },
    },
    async (req) => service.copy(principalOf(req), req.body.id, req.body.roleName),
  );
  r.get(
    '/api/role/delete/:id',
    {
      config: { access: 'role-delete', mutates: true },
      schema: { tags, summary: 'Delete a role no staff holds', params: IdParamSchema, response: { 200: z.null() } },
    },
    async (req) => {
      await service.delete(principalOf(req), req.params.id);
      return null;
    },
  );
  r.get(
    '/api/role/get/:id',
    {
      config: { access: 'role' },
      schema: { tags, summary: 'One role', params: IdParamSchema, response: { 200: RoleSchema } },
    },
    async (req) => service.get(principalOf(req), req.params.id),
  );
  r.get(
    '/api/role/getAll',
    {
      // Whoever adds or edits staff picks from this list too.
      config: { access: ['role', 'user-add', 'user-edit'] },
      schema: { tags, summary: 'Every role of the enterprise', response: { 200: z.array(RoleSchema) } },
    },
    async (req) => service.getAll(principalOf(req)),
  );
  r.get(
    '/api/role/getRoles/:id',
    {
      config: { access: 'role' },
      schema: {
        tags,
        summary: 'Roles of an employee',
        params: IdParamSchema,
        response: { 200: z.array(RoleRefSchema) },
      },
    },
    async (req) => service.rolesOfEmployee(principalOf(req), req.params.id),
  );
  r.post(
    '/api/role/listEmployee',
    {
      config: { access: 'role' },
      schema: {
        tags,
        summary: 'Staff holding a role',
        body: RoleEmployeesQuerySchema,
        response: { 200: pageOf(EmployeeInRoleSchema) },
      },
    },
    async (req) => service.employees(principalOf(req), req.body.roleId, req.body),
  );
  r.get(
    '/api/role/listAllEmployee/:id',
    {
      config: { access: 'role' },
      schema: {
        tags,
        summary: 'All staff, each marked whether it holds the role',
        params: IdParamSchema,
        response: { 200: z.array(EmployeeInRoleSchema) },
      },
    },
    async (req) => service.allEmployees(principalOf(req), req.params.id),
  );
  r.post(
    '/api/role/addEmployeeList',
    {
      config: { access: 'role-edit' },
      schema: { tags, summary: 'Give a role to staff', body: RoleEmployeeListSchema, response: { 200: z.null() } },
    },
    async (req) => {
      await service.addEmployees(principalOf(req), req.body.roleId, req.body.employeeIds);
      return null;
    },
  );
  r.post(
    '/api/role/removeEmployeeList',
    {
      config: { access: 'role-edit' },
      schema: {
        tags,
        summary: 'Take a role from staff (never their last)',
        body: RoleEmployeeListSchema,
        response: { 200: z.null() },
      },
    },
    async (req) => {
      await service.removeEmployees(principalOf(req), req.body.roleId, req.body.employeeIds);
      return null;
    },
  );
  r.get(
    '/api/role/removeEmployee',
    {
      config: { access: 'role-edit', mutates: true },
      schema: {
        tags,
        summary: 'Take a role from one employee',
        querystring: RoleEmployeeQuerySchema,
        response: { 200: z.null() },
      },
    },
    async (req) => {
      await service.removeEmployees(principalOf(req), req.query.roleId, [req.query.employeeId]);
      return null;
    },
  );
}
