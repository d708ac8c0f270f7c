// The privilege catalogue of SPEC §3 (Privilege item) and §6: menus, submenus and function points.
import { z } from 'zod';

export const PrivilegeTypeSchema = z.enum(['menu', 'submenu', 'points']);
export const PrivilegeItemSchema = z
  .object({
    key: z.string(),
    type: PrivilegeTypeSchema,
    url: z.string().nullable(),
    parentKey: z.string().nullable(),
  })
  .meta({ id: 'PrivilegeItem' });
export type PrivilegeItem = z.infer<typeof PrivilegeItemSchema>;

const menu = (key: string, url: string): PrivilegeItem => ({ key, type: 'menu', url, parentKey: null });
const submenu = (key: string, url: string, parentKey: string): PrivilegeItem => ({
  key,
  type: 'submenu',
  url,
  parentKey,
});
const point = (key: string, parentKey: string): PrivilegeItem => ({ key, type: 'points', url: null, parentKey });

/** Function point reserved to super administrators and cloud-account users (SPEC §6). */
export const FACE_CONFIG_KEY = 'face-config';

/**
 * The whole catalogue. Menu keys are SPEC §3's privilege areas; urls are the routes of SPEC §2
 * each area opens first. Later issues add function points under these parents.
 */
export const PRIVILEGE_CATALOGUE: readonly PrivilegeItem[] = [
  menu('project', '/project/index'),
  submenu('preview', '/project/live', 'project'),
  submenu('device', '/project/device', 'project'),
  submenu('map', '/project/map', 'project'),
  submenu('video', '/project/video/plan', 'project'),
  submenu('aisvr', '/project/ai', 'project'),
  submenu('GB28181', '/project/device/config', 'project'),
  point('project-add', 'project'),
  point('project-edit', 'project'),
  point('project-delete', 'project'),
  point('device-show', 'device'),
  point('device-add', 'device'),
  point('device-edit', 'device'),
  point('device-delete', 'device'),
  point('gps-map', 'map'),
  point('records', 'video'),
  point('ai-service', 'aisvr'),
  point('vehicle-mounted-GPS', 'aisvr'),
  point(FACE_CONFIG_KEY, 'aisvr'),
  menu('user', '/user/role-employee'),
  point('user-add', 'user'),
  point('user-edit', 'user'),
  point('user-status', 'user'),
  point('user-reset-password', 'user'),
  point('user-delete', 'user'),
  point('user-import', 'user'),
  point('login', 'user'),
  submenu('role', '/user/role-employee', 'user'),
  point('role-add', 'role'),
  point('role-edit', 'role'),
  point('role-delete', 'role'),
  point('group-edit', 'role'),
  menu('cost', '/cost/index'),
  point('cost-invoice', 'cost'),
  point('cost-renew', 'cost'),
  menu('info', '/platform/info'),
  point('info-edit', 'info'),
  // Personal info is one's own: a menu of its own, so granting it grants nothing of the enterprise's.
  menu('account', '/platform/basic'),
  submenu('indexModel', '/platform/set', 'info'),
  point('indexModel-edit', 'indexModel'),
  menu('download', '/download/home'),
  menu('guide', '/guidance/step-business'),
];

export const PRIVILEGE_KEYS: ReadonlySet<string> = new Set(PRIVILEGE_CATALOGUE.map((p) => p.key));

/** Keys a role may never carry: reserved to super administrators and cloud-account users (SPEC §6). */
export const RESERVED_KEYS: ReadonlySet<string> = new Set([FACE_CONFIG_KEY]);

/** The catalogue items a set of keys covers, in catalogue order. */
export function privilegeItemsOf(keys: Iterable<string>): PrivilegeItem[] {
  const set = new Set(keys);
  return PRIVILEGE_CATALOGUE.filter((p) => set.has(p.key));
}

/**
 * Video privileges (SPEC §6 "per-role video privileges", §7 /api/roleVideoPrivilege): what a role may do
 * with the video of the devices it sees. Device-user permissions of SPEC §3 name the same powers.
 */
export const VIDEO_PRIVILEGE_KEYS = ['live', 'playback', 'download', 'ptz', 'talk', 'snapshot'] as const;
export type VideoPrivilegeKey = (typeof VIDEO_PRIVILEGE_KEYS)[number];
export const VideoPrivilegeKeySchema = z.enum(VIDEO_PRIVILEGE_KEYS);
