// Enterprises, staff (employees), roles, departments and device groups (SPEC §3, §5, §6, §7).
import { z } from 'zod';
import { IdSchema, PageQuerySchema, pageOf } from './common.js';
import { email, encryptedPassword, loginName, mobile, personName, requiredString } from './rules.js';

const optionalText = (max: number) => z.string().trim().max(max, { error: 'validation.tooLong' });
const ids = () =>
  z.array(IdSchema).min(1, { error: 'validation.selectOne' }).max(1000, { error: 'validation.tooLong' });
/** 1 enabled, 0 disabled (SPEC §4 Employee status). */
export const StatusSchema = z.union([z.literal(0), z.literal(1)]).describe('1 enabled, 0 disabled');

// ── Enterprises (platform operator) ──────────────────────────────────────────────────────────────
export const EnterpriseSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    status: StatusSchema,
    mainLoginName: z.string().nullable(),
    employeeCount: z.number().int(),
    createdAt: z.string(),
  })
  .meta({ id: 'Enterprise' });
export const AddEnterpriseSchema = z
  .strictObject({
    name: requiredString().trim().min(1, { error: 'validation.required' }).max(64, { error: 'validation.tooLong' }),
    loginName: loginName(),
    password: encryptedPassword(),
  })
  .meta({ id: 'AddEnterprise' });
export const EnterpriseQuerySchema = PageQuerySchema.extend({
  name: optionalText(64).optional(),
  status: StatusSchema.optional(),
})
  .strict()
  .meta({ id: 'EnterpriseQuery' });
export type EnterpriseQuery = z.infer<typeof EnterpriseQuerySchema>;
export const UpdateEnterpriseSchema = z
  .strictObject({
    id: IdSchema,
    name: requiredString().trim().min(1, { error: 'validation.required' }).max(64, { error: 'validation.tooLong' }),
  })
  .meta({ id: 'UpdateEnterprise' });
export const EnterpriseStatusSchema = z
  .strictObject({ id: IdSchema, status: StatusSchema })
  .meta({ id: 'EnterpriseStatus' });
export const EnterprisePageSchema = pageOf(EnterpriseSchema).meta({ id: 'EnterprisePage' });

// ── Enterprise info (/platform/info) ─────────────────────────────────────────────────────────────
export const EnterpriseInfoSchema = z
  .object({
    name: z.string(),
    identity: z.string().nullable().describe('registration or tax identity number'),
    scale: z.string().nullable(),
    industry: z.string().nullable(),
    mainBusiness: z.string().nullable(),
    region: z.string().nullable().describe('country or region'),
    address: z.string().nullable(),
    mobile: z.string().nullable(),
    email: z.string().nullable(),
    backupEmail: z.string().nullable(),
    platformId: z.string().nullable(),
    logoFileId: z.number().int().nullable(),
    logoUrl: z.string().nullable(),
  })
  .meta({ id: 'EnterpriseInfo' });
const required = (max: number) =>
  requiredString().trim().min(1, { error: 'validation.required' }).max(max, { error: 'validation.tooLong' });
/** SPEC §5: every field of enterprise info is required. */
export const UpdateEnterpriseInfoSchema = z
  .strictObject({
    name: required(64),
    identity: required(64),
    scale: required(32),
    industry: required(64),
    mainBusiness: required(200),
    region: required(64),
    address: required(200),
    mobile: mobile(),
    email: email(),
    backupEmail: email(),
    platformId: required(64),
    logoFileId: IdSchema.describe('id of an uploaded image (POST /api/file/localUpload/5)'),
  })
  .meta({ id: 'UpdateEnterpriseInfo' });

// ── Departments (employee groups of SPEC §7 employee/group/query) ────────────────────────────────
export const DepartmentSchema = z
  .object({ id: z.number().int(), name: z.string(), employeeCount: z.number().int() })
  .meta({ id: 'Department' });

// ── Employees ────────────────────────────────────────────────────────────────────────────────────
export const RoleRefSchema = z.object({ id: z.number().int(), roleName: z.string() }).meta({ id: 'RoleRef' });
export const EmployeeSchema = z
  .object({
    id: z.number().int(),
    loginName: z.string(),
    name: z.string(),
    mobile: z.string().nullable(),
    email: z.string().nullable(),
    status: StatusSchema,
    roles: z.array(RoleRefSchema),
    groupId: z.number().int().nullable(),
    groupName: z.string().nullable(),
    department: z.string().nullable(),
    departmentId: z.number().int().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'Employee' });
export type Employee = z.infer<typeof EmployeeSchema>;
export const EmployeeQuerySchema = PageQuerySchema.extend({
  name: optionalText(32).optional().describe('part of the name'),
  loginName: optionalText(32).optional().describe('part of the login name'),
  status: StatusSchema.optional(),
  roleId: IdSchema.optional(),
  department: optionalText(32).optional().describe('department name, exact'),
})
  .strict()
  .meta({ id: 'EmployeeQuery' });
export type EmployeeQuery = z.infer<typeof EmployeeQuerySchema>;
export const EmployeePageSchema = pageOf(EmployeeSchema).meta({ id: 'EmployeePage' });

const employeeFields = {
  name: personName(),
  mobile: mobile().optional(),
  email: email().optional(),
  groupId: IdSchema.nullable().optional().describe('device group granting devices and channels'),
  department: optionalText(32).optional().describe('department name; created when new'),
};
export const AddEmployeeSchema = z
  .strictObject({
    loginName: loginName(),
    password: encryptedPassword(),
    roleIds: ids().describe('at least one role (SPEC §6)'),
    ...employeeFields,
  })
  .meta({ id: 'AddEmployee' });
export type AddEmployee = z.infer<typeof AddEmployeeSchema>;
export const UpdateEmployeeSchema = z.strictObject({ id: IdSchema, ...employeeFields }).meta({ id: 'UpdateEmployee' });
export type UpdateEmployee = z.infer<typeof UpdateEmployeeSchema>;
export const UpdateEmployeeRolesSchema = z
  .strictObject({ id: IdSchema, roleIds: ids() })
  .meta({ id: 'UpdateEmployeeRoles' });
export const UpdateEmployeePasswordSchema = z
  .strictObject({ id: IdSchema, password: encryptedPassword() })
  .meta({ id: 'UpdateEmployeePassword' });
export const BatchStatusSchema = z.strictObject({ ids: ids(), status: StatusSchema }).meta({ id: 'BatchStatus' });
export const ResetPasswordResultSchema = z
  .object({ password: z.string().describe('the new password, shown once') })
  .meta({ id: 'ResetPasswordResult' });
export const ImportReportSchema = z
  .object({
    added: z.number().int(),
    refused: z.array(
      z.object({
        row: z.number().int().describe('1-based row in the file, header is row 1'),
        loginName: z.string().nullable(),
        reason: z.string(),
      }),
    ),
  })
  .meta({ id: 'ImportReport' });
export type ImportReport = z.infer<typeof ImportReportSchema>;

// ── Roles ────────────────────────────────────────────────────────────────────────────────────────
export const roleName = () =>
  requiredString().trim().min(1, { error: 'validation.required' }).max(20, { error: 'validation.roleName' });
export const RoleSchema = z
  .object({
    id: z.number().int(),
    roleName: z.string(),
    remark: z.string().nullable(),
    privilegeKeys: z.array(z.string()),
    employeeCount: z.number().int(),
  })
  .meta({ id: 'Role' });
export type Role = z.infer<typeof RoleSchema>;
const privilegeKeys = () => z.array(z.string().max(64)).max(500).describe('keys from the privilege catalogue');
export const AddRoleSchema = z
  .strictObject({ roleName: roleName(), remark: optionalText(200).optional(), privilegeKeys: privilegeKeys() })
  .meta({ id: 'AddRole' });
export const UpdateRoleSchema = z
  .strictObject({
    id: IdSchema,
    roleName: roleName(),
    remark: optionalText(200).optional(),
    privilegeKeys: privilegeKeys(),
  })
  .meta({ id: 'UpdateRole' });
export const CopyRoleSchema = z.strictObject({ id: IdSchema, roleName: roleName() }).meta({ id: 'CopyRole' });
export const RoleEmployeesQuerySchema = PageQuerySchema.extend({ roleId: IdSchema })
  .strict()
  .meta({ id: 'RoleEmployeesQuery' });
export const RoleEmployeeListSchema = z
  .strictObject({ roleId: IdSchema, employeeIds: ids() })
  .meta({ id: 'RoleEmployeeList' });
export const RoleEmployeeQuerySchema = z.strictObject({
  roleId: z.coerce.number().int().positive(),
  employeeId: z.coerce.number().int().positive(),
});
export const EmployeeInRoleSchema = z
  .object({ id: z.number().int(), loginName: z.string(), name: z.string(), inRole: z.boolean() })
  .meta({ id: 'EmployeeInRole' });

// ── Device groups ────────────────────────────────────────────────────────────────────────────────
export const GroupStateSchema = z.enum(['open', 'closed']).describe('a group is deleted only once closed (SPEC §4)');
export const GroupSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    remark: z.string().nullable(),
    state: GroupStateSchema,
    employeeCount: z.number().int(),
  })
  .meta({ id: 'Group' });
/** An enterprise employee as the group's staff picker lists them: in this group, another, or none. */
export const GroupEmployeeSchema = z
  .object({
    id: z.number().int(),
    loginName: z.string(),
    name: z.string(),
    groupId: z.number().int().nullable().describe('the group the employee is in now, this one or another'),
    groupName: z.string().nullable(),
  })
  .meta({ id: 'GroupEmployee' });
export type GroupEmployee = z.infer<typeof GroupEmployeeSchema>;
const groupName = () =>
  requiredString().trim().min(1, { error: 'validation.required' }).max(32, { error: 'validation.tooLong' });
export const AddGroupSchema = z
  .strictObject({ name: groupName(), remark: optionalText(200).optional() })
  .meta({ id: 'AddGroup' });
export const UpdateGroupSchema = z
  .strictObject({
    id: IdSchema,
    name: groupName(),
    remark: optionalText(200).optional(),
    state: GroupStateSchema.optional(),
  })
  .meta({ id: 'UpdateGroup' });
export const IdBodySchema = z.strictObject({ id: IdSchema }).meta({ id: 'IdBody' });
export const IdParamSchema = z.strictObject({ id: z.coerce.number().int().positive() });
