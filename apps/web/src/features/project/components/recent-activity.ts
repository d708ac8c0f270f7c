// The overview's recent activity as words (SPEC §2 /project/index): one catalogue sentence per kind of entry.
import type { Activity } from '@svc/contracts';

export interface ActivitySentence {
  /** A key of the `project` namespace. */
  key: string;
  values: { subject: string; actor?: string; project?: string };
}

/**
 * The sentence of an entry. The project's name joins the sentence when the server gives one (a top-level
 * project has no parent to name). A device event without an actor is the device's own doing: coming
 * online, going offline, enrolling itself; any other entry without one reads as the system's (`systemActor`).
 */
export function activitySentence(activity: Activity, systemActor: string): ActivitySentence {
  const { subject, projectName } = activity;
  const project = projectName ?? undefined;
  const actor = activity.actor ?? systemActor;
  const withProject = (plain: string, inProject: string) => (project === undefined ? plain : inProject);
  const prefix = 'overview.activity.';
  switch (activity.kind) {
    case 'device.online':
      return { key: prefix + withProject('device.online', 'device.onlineIn'), values: { subject, project } };
    case 'device.offline':
      return { key: prefix + withProject('device.offline', 'device.offlineIn'), values: { subject, project } };
    case 'device.added':
      return activity.actor === null
        ? { key: prefix + withProject('device.enrolled', 'device.enrolledIn'), values: { subject, project } }
        : { key: prefix + withProject('device.added', 'device.addedTo'), values: { subject, actor, project } };
    case 'device.deleted':
      return { key: prefix + withProject('device.deleted', 'device.deletedFrom'), values: { subject, actor, project } };
    case 'project.added':
      return { key: prefix + withProject('project.added', 'project.addedTo'), values: { subject, actor, project } };
    case 'project.deleted':
      // The server names no project for a deleted one: its parent may be gone as well.
      return { key: `${prefix}project.deleted`, values: { subject, actor } };
  }
}

export type ActivityTone = 'online' | 'offline' | 'added' | 'deleted';

/** Colour family of an entry: online green, offline grey, anything added blue, anything deleted orange. */
export function activityTone(kind: Activity['kind']): ActivityTone {
  switch (kind) {
    case 'device.online':
      return 'online';
    case 'device.offline':
      return 'offline';
    case 'device.added':
    case 'project.added':
      return 'added';
    case 'device.deleted':
    case 'project.deleted':
      return 'deleted';
  }
}
