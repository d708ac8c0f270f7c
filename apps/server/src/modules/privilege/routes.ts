// The privilege catalogue as the role editor needs it (SPEC §3 Privilege item, §7 /api/privilege):
// menus and submenus, and the function points of one menu, limited to what the caller may grant.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PRIVILEGE_CATALOGUE, PrivilegeItemSchema } from '@svc/contracts';
import { principalOf } from '../../http/auth.js';
import { grantableKeys } from '../role/reach.js';

const tags = ['privilege'];

export function privilegeRoutes(app: FastifyInstance): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/api/privilege/menu',
    {
      config: { access: 'role' },
      schema: {
        tags,
        summary: 'Menus and submenus the caller may grant',
        response: { 200: z.array(PrivilegeItemSchema) },
      },
    },
    async (req) => {
      const grantable = grantableKeys(principalOf(req));
      return PRIVILEGE_CATALOGUE.filter((p) => p.type !== 'points' && grantable.has(p.key));
    },
  );
  r.post(
    '/api/privilege/function',
    {
      config: { access: 'role' },
      schema: {
        tags,
        summary: 'Function points of a menu the caller may grant',
        body: z.strictObject({ menuKey: z.string().max(64) }),
        response: { 200: z.array(PrivilegeItemSchema) },
      },
    },
    async (req) => {
      const grantable = grantableKeys(principalOf(req));
      return PRIVILEGE_CATALOGUE.filter(
        (p) => p.type === 'points' && p.parentKey === req.body.menuKey && grantable.has(p.key),
      );
    },
  );
}
