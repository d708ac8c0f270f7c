// SQL of the powers over video roles grant (role_video_privilege).
import type { VideoPrivilegeKey } from '@svc/contracts';
import type { Db } from '../../db/database.js';

export const roleVideoRepo = {
  /** The keys any of these roles grants, each once. */
  async keysOf(db: Db, roleIds: number[]): Promise<string[]> {
    const rows = await db
      .selectFrom('role_video_privilege')
      .select('video_key')
      .distinct()
      .where('role_id', 'in', roleIds)
      .execute();
    return rows.map((r) => r.video_key);
  },

  /** Whether any of these roles grants the key: one indexed lookup. */
  async anyGrants(db: Db, roleIds: number[], key: VideoPrivilegeKey): Promise<boolean> {
    const row = await db
      .selectFrom('role_video_privilege')
      .select('role_id')
      .where('role_id', 'in', roleIds)
      .where('video_key', '=', key)
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  },

  async ofRole(db: Db, roleId: number): Promise<string[]> {
    const rows = await db
      .selectFrom('role_video_privilege')
      .select('video_key')
      .where('role_id', '=', roleId)
      .execute();
    return rows.map((r) => r.video_key);
  },

  /** Replaces a role's keys, all at once. */
  async replace(db: Db, roleId: number, keys: VideoPrivilegeKey[]): Promise<void> {
    await db.transaction().execute(async (tx) => {
      await tx.deleteFrom('role_video_privilege').where('role_id', '=', roleId).execute();
      if (keys.length === 0) return;
      await tx
        .insertInto('role_video_privilege')
        .values(keys.map((video_key) => ({ role_id: roleId, video_key })))
        .execute();
    });
  },
};
