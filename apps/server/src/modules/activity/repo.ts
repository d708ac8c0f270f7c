// The enterprise's activity log (the overview's "recent activity"): what people did to projects and
// devices, and devices coming online and going offline. Rows carry names as they were, so an entry
// still reads after its subject is gone.
import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../db/database.js';
import type { ActivityKind } from '../../db/schema.js';
import { scopedDevices } from '../device/repo.js';
import { inScopeProjects } from '../project/repo.js';
import type { Scope } from '../project/scope.js';

/** How long entries are kept; the overview shows the newest. */
export const ACTIVITY_RETENTION_DAYS = 90;

export type ActivityEntry = {
  enterpriseId: number;
  kind: ActivityKind;
  subject: string;
  projectId: number | null;
  projectName: string | null;
  deviceId?: number | null;
  actor: string | null;
};

export const activityRepo = {
  async record(db: Db, entries: ActivityEntry[]): Promise<void> {
    if (entries.length === 0) return;
    await db
      .insertInto('activity')
      .values(
        entries.map((e) => ({
          enterprise_id: e.enterpriseId,
          kind: e.kind,
          subject: e.subject,
          project_id: e.projectId,
          project_name: e.projectName,
          device_id: e.deviceId ?? null,
          actor: e.actor,
        })),
      )
      .execute();
  },

  /**
   * Newest first within the scope. Staff see entries of the projects they reach (by the node's path
   * today, so an entry follows its project when that is granted later); a staff member in a device
   * group sees only that group's devices' entries.
   */
  recent(db: Db, scope: Scope, size: number) {
    let q = db
      .selectFrom('activity')
      .select(['id', 'kind', 'subject', 'project_id', 'project_name', 'actor', 'at'])
      .where('activity.enterprise_id', '=', scope.enterpriseId);
    if (scope.paths !== null)
      q = q.where('activity.project_id', 'in', (eb) =>
        inScopeProjects(eb.selectFrom('project'), scope).select('project.id'),
      );
    // A device group narrows device entries to the devices the caller sees, as every device list does.
    if (scope.groupId !== null)
      q = q.where((eb) =>
        eb.or([
          eb('activity.device_id', 'is', null),
          eb('activity.device_id', 'in', scopedDevices(db, scope).select('device.id')),
        ]),
      );
    return q.orderBy('activity.id', 'desc').limit(size).execute();
  },

  /**
   * The tail of an UPDATE … RETURNING in a `changed` CTE (id, enterprise_id, project_id, dev_name,
   * and `was`, the status before): one entry per device whose status really changed, named as it is
   * now, in its project. The gateway writes status changes of many devices in one statement so.
   */
  transitions(kind: 'device.online' | 'device.offline', changedWhen: RawBuilder<boolean>) {
    return sql`insert into activity (enterprise_id, project_id, device_id, kind, subject, project_name)
      select c.enterprise_id, c.project_id, c.id, ${kind}, c.dev_name, p.name
      from changed c join project p on p.id = c.project_id where ${changedWhen}`;
  },

  prune(db: Db, now: Date) {
    return db
      .deleteFrom('activity')
      .where('at', '<', new Date(now.getTime() - ACTIVITY_RETENTION_DAYS * 86_400_000))
      .execute();
  },
};
