// Tags on devices (SPEC §3 Tag: a tag name and device UUIDs; records join when recordings land).
import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { AppError } from '../../http/app-error.js';
import type { Principal } from '../../http/auth.js';
import { holdsOnProject, scopeOf } from '../project/scope.js';
import { scopedDevices } from './repo.js';

export function createTagService({ db }: { db: Db }) {
  /** The devices among `ids` the caller may edit; anything else is refused. */
  async function editable(caller: Principal, ids: number[]): Promise<number[]> {
    const scope = await scopeOf(db, caller);
    const unique = [...new Set(ids)];
    const rows = await scopedDevices(db, scope)
      .innerJoin('project', 'project.id', 'device.project_id')
      .select(['device.id as id', 'project.path as path'])
      .where('device.id', 'in', unique)
      .execute();
    if (rows.length !== unique.length) throw new AppError(404);
    if (rows.some((r) => !holdsOnProject(caller, scope, r.path, 'device-edit'))) throw new AppError(4117);
    return unique;
  }

  return {
    async list(caller: Principal) {
      const rows = await db
        .selectFrom('tag')
        .select((eb) => [
          'tag.id as id',
          'tag.tag_name as tagName',
          eb
            .selectFrom('device_tag')
            .select(sql<string>`count(*)`.as('n'))
            .whereRef('device_tag.tag_id', '=', 'tag.id')
            .as('deviceCount'),
        ])
        .where('tag.enterprise_id', '=', caller.enterpriseId)
        .orderBy('tag.tag_name')
        .execute();
      return rows.map((r) => ({ ...r, deviceCount: Number(r.deviceCount) }));
    },

    /** Puts a tag (made on first use) on devices. */
    async tag(caller: Principal, tagName: string, deviceIds: number[]): Promise<void> {
      const ids = await editable(caller, deviceIds);
      const { id } = await db
        .insertInto('tag')
        .values({ enterprise_id: caller.enterpriseId, tag_name: tagName })
        .onConflict((oc) => oc.constraint('tag_name_unique').doUpdateSet({ tag_name: tagName }))
        .returning('id')
        .executeTakeFirstOrThrow();
      await db
        .insertInto('device_tag')
        .values(ids.map((device_id) => ({ tag_id: id, device_id })))
        .onConflict((oc) => oc.doNothing())
        .execute();
    },

    /** Takes a tag off devices; a tag left on none goes. */
    async untag(caller: Principal, tagName: string, deviceIds: number[]): Promise<void> {
      const ids = await editable(caller, deviceIds);
      const tag = await db
        .selectFrom('tag')
        .select('id')
        .where('enterprise_id', '=', caller.enterpriseId)
        .where('tag_name', '=', tagName)
        .executeTakeFirst();
      if (!tag) throw new AppError(404);
      await db.deleteFrom('device_tag').where('tag_id', '=', tag.id).where('device_id', 'in', ids).execute();
      await db
        .deleteFrom('tag')
        .where('id', '=', tag.id)
        .where(({ not, exists, selectFrom }) =>
          not(exists(selectFrom('device_tag').select('tag_id').where('tag_id', '=', tag.id))),
        )
        .execute();
    },
  };
}
export type TagService = ReturnType<typeof createTagService>;
