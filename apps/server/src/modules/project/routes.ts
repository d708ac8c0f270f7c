// Routes of the project tree (SPEC §7 /api/project) and of per-role project privileges.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AddProjectSchema,
  DeleteProjectsSchema,
  IdParamSchema,
  ProjectNodeSchema,
  UpdateProjectSchema,
} from '@svc/contracts';
import { principalOf } from '../../http/auth.js';
import type { RoleGrantService } from './role-grants.js';
import type { ProjectService } from './service.js';

const tags = ['project'];
const GrantSchema = z
  .object({ projectId: z.number().int().positive(), privilegeKeys: z.array(z.string().max(64)).max(100) })
  .meta({ id: 'ProjectGrant' });

export function projectRoutes(app: FastifyInstance, service: ProjectService, grants: RoleGrantService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/api/project/add',
    {
      config: { access: 'project' },
      schema: {
        tags,
        summary: 'Add a project, sub-project or monitoring area; answers its own message',
        body: AddProjectSchema,
        response: { 200: z.object({ id: z.number().int() }) },
      },
    },
    async (req) => {
      const created = await service.add(principalOf(req), req.body);
      req.successMessage = req.body.kind === 'area' ? 'project.areaAdded' : 'project.added';
      return created;
    },
  );
  r.post(
    '/api/project/update',
    {
      config: { access: 'project' },
      schema: {
        tags,
        summary: 'Rename a node or change its logo',
        body: UpdateProjectSchema,
        response: { 200: z.null() },
      },
    },
    async (req) => {
      await service.update(principalOf(req), req.body);
      return null;
    },
  );
  r.post(
    '/api/project/deleteByIds',
    {
      config: { access: 'project' },
      schema: {
        tags,
        summary: 'Delete nodes with their empty sub-projects; refused while a device hangs below',
        body: DeleteProjectsSchema,
        response: { 200: z.null() },
      },
    },
    async (req) => {
      await service.delete(principalOf(req), req.body);
      return null;
    },
  );
  r.post(
    '/api/project/query/mine',
    {
      config: { access: 'project' },
      schema: {
        tags,
        summary: 'The project tree the caller sees, with devices',
        response: { 200: z.array(ProjectNodeSchema) },
      },
      // The largest answer of the console (a thousand nodes carry ~11,000 objects): the service
      // builds it from typed rows, and checking it again on the way out cost ~15 ms of its 100 ms
      // budget. The schema above still documents it, and the API tests check its shape.
      serializerCompiler: () => (data) => JSON.stringify(data),
    },
    async (req) => service.mine(principalOf(req)),
  );
  r.post(
    '/api/roleProjectPrivilege/query/:id',
    {
      config: { access: 'role' },
      schema: {
        tags: ['role'],
        summary: 'Projects a role reaches, with project-level keys',
        params: IdParamSchema,
        response: { 200: z.array(GrantSchema) },
      },
    },
    async (req) => grants.query(principalOf(req), req.params.id),
  );
  r.post(
    '/api/roleProjectPrivilege/update',
    {
      config: { access: 'role-edit' },
      schema: {
        tags: ['role'],
        summary: 'Replace the projects a role reaches',
        body: z.strictObject({ roleId: z.number().int().positive(), projects: z.array(GrantSchema).max(1000) }),
        response: { 200: z.null() },
      },
    },
    async (req) => {
      await grants.update(principalOf(req), req.body.roleId, req.body.projects);
      return null;
    },
  );
}
