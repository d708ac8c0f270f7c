// Tags on devices (SPEC §3 Tag: a tag name and device UUIDs; records join when recordings land).
import type { Db } from '../../db/database.js';
import { AppError } from '../../http/app-error.js';
import type { Principal } from '../../http/auth.js';
import { holdsOnProject, scopeOf } from '../project/scope.js';
import { deviceRepo } from './repo.js';
import { tagRepo } from './tag-repo.js';

export function createTagService({ db }: { db: Db }) {
  /** The devices among `ids` the caller may edit; anything else is refused. */
  async function editable(caller: Principal, ids: number[]): Promise<number[]> {
    const scope = await scopeOf(db, caller);
    const unique = [...new Set(ids)];
    const rows = await deviceRepo.reachable(db, scope, unique);
    if (rows.length !== unique.length) throw new AppError(404);
    if (rows.some((r) => !holdsOnProject(caller, scope, r.path, 'device-edit'))) throw new AppError(4117);
    return unique;
  }

  return {
    list: (caller: Principal) => tagRepo.list(db, caller.enterpriseId),

    /** Puts a tag (made on first use) on devices. */
    async tag(caller: Principal, tagName: string, deviceIds: number[]): Promise<void> {
      const ids = await editable(caller, deviceIds);
      await tagRepo.attach(db, await tagRepo.ensure(db, caller.enterpriseId, tagName), ids);
    },

    /** Takes a tag off devices; a tag left on none goes. */
    async untag(caller: Principal, tagName: string, deviceIds: number[]): Promise<void> {
      const ids = await editable(caller, deviceIds);
      const tag = await tagRepo.find(db, caller.enterpriseId, tagName);
      if (!tag) throw new AppError(404);
      await tagRepo.detach(db, tag.id, ids);
    },
  };
}
export type TagService = ReturnType<typeof createTagService>;
