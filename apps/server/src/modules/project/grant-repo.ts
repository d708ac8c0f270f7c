// SQL of the projects roles are granted (role_project_privilege): what a caller's roles reach, and a
// role's grants as the console edits them.
import type { Db } from '../../db/database.js';

export const roleGrantRepo = {
  /** The enterprise's projects these roles are granted, with each key granted on them. */
  ofRoles(db: Db, enterpriseId: number, roleIds: number[]) {
    return db
      .selectFrom('role_project_privilege')
      .innerJoin('project', 'project.id', 'role_project_privilege.project_id')
      .select(['project.id as id', 'project.path as path', 'role_project_privilege.privilege_key as key'])
      .where('role_project_privilege.role_id', 'in', roleIds)
      .where('project.enterprise_id', '=', enterpriseId)
      .execute();
  },

  ofRole(db: Db, roleId: number) {
    return db
      .selectFrom('role_project_privilege')
      .select(['project_id', 'privilege_key'])
      .where('role_id', '=', roleId)
      .orderBy('project_id')
      .orderBy('privilege_key')
      .execute();
  },

  /** Replaces a role's grants, all at once. */
  async replace(db: Db, roleId: number, grants: { projectId: number; privilegeKey: string }[]): Promise<void> {
    await db.transaction().execute(async (tx) => {
      await tx.deleteFrom('role_project_privilege').where('role_id', '=', roleId).execute();
      if (grants.length === 0) return;
      await tx
        .insertInto('role_project_privilege')
        .values(grants.map((g) => ({ role_id: roleId, project_id: g.projectId, privilege_key: g.privilegeKey })))
        .execute();
    });
  },
};
