// Routes of staff (SPEC §7 /api/employee): each declares its privilege; each handler is one service call.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AddEmployeeSchema,
  BatchStatusSchema,
  DepartmentSchema,
  EmployeePageSchema,
  EmployeeQuerySchema,
  EmployeeSchema,
  IdParamSchema,
  ImportReportSchema,
  ResetPasswordResultSchema,
  StatusSchema,
  UpdateEmployeePasswordSchema,
  UpdateEmployeeRolesSchema,
  UpdateEmployeeSchema,
  email,
  mobile,
  personName,
} from '@svc/contracts';
import type { Db } from '../../db/database.js';
import { readUpload } from '../../http/upload.js';
import { principalOf } from '../../http/auth.js';
import { noData } from '../../http/envelope.js';
import { IMPORT_MAX_BYTES, importEmployees } from './import.js';
import type { EmployeeService } from './service.js';

const tags = ['employee'];
const Created = z.object({ id: z.number().int() });
const OwnProfileSchema = z
  .strictObject({
    id: z.number().int().positive(),
    name: personName(),
    mobile: mobile().optional(),
    email: email().optional(),
  })
  .meta({ id: 'OwnProfile' });

export function employeeRoutes(app: FastifyInstance, service: EmployeeService, db: Db): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/employee/query',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Staff, newest first, searched by name, login, status, role or department',
        body: EmployeeQuerySchema,
        response: { 200: EmployeePageSchema },
      },
    },
    async (req) => service.query(principalOf(req), req.body),
  );
  r.post(
    '/api/employee/add',
    {
      config: { access: 'user-add' },
      schema: {
        tags,
        summary: 'Add a staff member (a sub-account)',
        body: AddEmployeeSchema,
        response: { 200: Created },
      },
    },
    async (req) => service.add(principalOf(req), req.body),
  );
  r.post(
    '/api/employee/update',
    {
      config: { access: 'user-edit' },
      schema: {
        tags,
        summary: 'Change a staff member’s details',
        body: UpdateEmployeeSchema,
        response: { 200: z.null() },
      },
    },
    async (req) => noData(await service.update(principalOf(req), req.body)),
  );
  r.post(
    '/api/employee/updateRoles',
    {
      config: { access: 'user-edit' },
      schema: {
        tags,
        summary: 'Replace a staff member’s roles',
        body: UpdateEmployeeRolesSchema,
        response: { 200: z.null() },
      },
    },
    async (req) => noData(await service.updateRoles(principalOf(req), req.body.id, req.body.roleIds)),
  );
  r.post(
    '/api/employee/updatePwd',
    {
      config: { access: 'user-reset-password' },
      schema: {
        tags,
        summary: 'Set a staff member’s password; their sessions end',
        body: UpdateEmployeePasswordSchema,
        response: { 200: z.null() },
      },
    },
    async (req) => noData(await service.updatePassword(principalOf(req), req.body.id, req.body.password)),
  );
  r.get(
    '/api/employee/resetPasswd/:id',
    {
      config: { access: 'user-reset-password', mutates: true },
      schema: {
        tags,
        summary: 'Reset to a generated password, answered once',
        params: IdParamSchema,
        response: { 200: ResetPasswordResultSchema },
      },
    },
    async (req) => service.resetPassword(principalOf(req), req.params.id),
  );
  r.post(
    '/api/employee/unlock/:id',
    {
      config: { access: 'user-reset-password' },
      schema: {
        tags,
        summary: 'Lift a staff member’s sign-in locks and forget their failed sign-ins',
        params: IdParamSchema,
        response: { 200: z.null() },
      },
    },
    async (req) => noData(await service.unlock(principalOf(req), req.params.id)),
  );
  r.get(
    '/api/employee/updateStatus/:id/:status',
    {
      config: { access: 'user-status', mutates: true },
      schema: {
        tags,
        summary: 'Enable (1) or disable (0) a staff member',
        params: z.strictObject({
          id: z.coerce.number().int().positive(),
          status: z.coerce.number().pipe(StatusSchema),
        }),
        response: { 200: z.null() },
      },
    },
    async (req) => noData(await service.setStatus(principalOf(req), [req.params.id], req.params.status)),
  );
  r.post(
    '/api/employee/batchUpdateStatus',
    {
      config: { access: 'user-status' },
      schema: {
        tags,
        summary: 'Enable or disable several staff',
        body: BatchStatusSchema,
        response: { 200: z.null() },
      },
    },
    async (req) => noData(await service.setStatus(principalOf(req), req.body.ids, req.body.status)),
  );
  r.post(
    '/api/employee/delete/:id',
    {
      config: { access: 'user-delete' },
      schema: { tags, summary: 'Delete a staff member', params: IdParamSchema, response: { 200: z.null() } },
    },
    async (req) => noData(await service.delete(principalOf(req), req.params.id)),
  );
  r.get(
    '/api/employee/queryById',
    {
      config: { access: 'user' },
      schema: { tags, summary: 'One staff member', querystring: IdParamSchema, response: { 200: EmployeeSchema } },
    },
    async (req) => service.queryById(principalOf(req), req.query.id),
  );
  r.get(
    '/api/employee/listEmployeeByDeptId/:id',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Staff of a department',
        params: IdParamSchema,
        response: { 200: z.array(EmployeeSchema) },
      },
    },
    async (req) => service.listByDepartment(principalOf(req), req.params.id),
  );
  r.post(
    '/api/employee/group/query',
    {
      config: { access: 'user' },
      schema: { tags, summary: 'Departments with their staff counts', response: { 200: z.array(DepartmentSchema) } },
    },
    async (req) => service.departments(principalOf(req)),
  );
  r.post(
    '/api/employee/updateById',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: 'Change one’s own name, mobile and email',
        body: OwnProfileSchema,
        response: { 200: z.null() },
      },
    },
    async (req) => noData(await service.updateOwnProfile(principalOf(req), req.body)),
  );
  r.post(
    '/api/employee/import',
    {
      config: { access: 'user-import' },
      schema: {
        tags,
        summary: 'Import staff from an .xlsx or .csv file (multipart field `file`)',
        consumes: ['multipart/form-data'],
        response: { 200: ImportReportSchema },
      },
    },
    async (req) =>
      importEmployees(
        { db, employees: service },
        principalOf(req),
        await readUpload(req, IMPORT_MAX_BYTES),
        req.language,
      ),
  );
}
