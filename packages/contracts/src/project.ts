// Projects, sub-projects and monitoring areas: one tree per enterprise, devices on any node (SPEC §3 Project, §5).
import { z } from 'zod';
import { IdSchema } from './common.js';
import { requiredString } from './rules.js';

/** SPEC §5: letters, digits, Chinese characters, underscore and hyphen. */
export const PROJECT_NAME_PATTERN = /^[A-Za-z0-9_\-\u4e00-\u9fa5]+$/;
export const proName = () =>
  requiredString()
    .trim()
    .min(1, { error: 'project.nameRequired' })
    .max(32, { error: 'validation.tooLong' })
    .regex(PROJECT_NAME_PATTERN, { error: 'project.nameSpecial' });

/** A logo is the url the logo upload answered. */
const proLogo = () => z.string({ error: 'project.logoRequired' }).min(1, { error: 'project.logoRequired' }).max(200);

export const ProjectKindSchema = z
  .enum(['project', 'area'])
  .describe('a project (or sub-project) or a monitoring area');

export const AddProjectSchema = z
  .strictObject({
    proName: proName(),
    proLogo: proLogo()
      .optional()
      .describe('the url answered by the logo upload; required for a project (SPEC §5), optional for an area'),
    parentId: IdSchema.nullable().optional().describe('the node it hangs under; none for a top-level project'),
    kind: ProjectKindSchema.default('project'),
  })
  .meta({ id: 'AddProject' });
export const UpdateProjectSchema = z
  .strictObject({
    id: IdSchema,
    proName: proName(),
    proLogo: proLogo()
      .nullable()
      .optional()
      .describe("a new logo url; null takes an area's logo away (a project keeps one); absent leaves it as it is"),
  })
  .meta({ id: 'UpdateProject' });
export const DeleteProjectsSchema = z
  .array(IdSchema)
  .min(1, { error: 'validation.selectOne' })
  .max(100)
  .meta({ id: 'ProjectIds' });

export const DeviceStatusSchema = z
  .enum(['online', 'dormancy', 'offline'])
  .describe('dormancy: online with low power (SPEC §4)');
export const DeviceTypeSchema = z.enum(['IPC', 'NVR', 'DVR']);

/** A device as the tree shows it. */
export const TreeDeviceSchema = z
  .object({
    id: z.number().int(),
    uuid: z.string(),
    sn: z.string(),
    devName: z.string(),
    devType: DeviceTypeSchema,
    statusLive: DeviceStatusSchema,
    vehicle: z.boolean().describe('vehicle-mounted: set up in home-page configuration, not played from the tree'),
  })
  .meta({ id: 'TreeDevice' });

export type ProjectNode = {
  id: number;
  title: string;
  proName: string;
  proLogo: string | null;
  kind: 'project' | 'area';
  parentId: number | null;
  parentRootId: number;
  projectVirtualUuid: string;
  privileges: { key: string }[];
  modules: string[];
  deviceCount: number;
  moreShow: boolean;
  deviceVOS: z.infer<typeof TreeDeviceSchema>[];
  children: ProjectNode[];
};
export const ProjectNodeSchema: z.ZodType<ProjectNode> = z
  .object({
    id: z.number().int(),
    title: z.string(),
    proName: z.string(),
    proLogo: z.string().nullable(),
    kind: ProjectKindSchema,
    parentId: z.number().int().nullable(),
    parentRootId: z.number().int(),
    projectVirtualUuid: z.string(),
    privileges: z.array(z.object({ key: z.string() })).describe('project-level privilege keys the caller holds here'),
    modules: z.array(z.string()),
    deviceCount: z.number().int().describe('devices on this node and below'),
    moreShow: z.boolean().describe('true when the node holds more devices than deviceVOS lists'),
    deviceVOS: z.array(TreeDeviceSchema),
    get children() {
      return z.array(ProjectNodeSchema);
    },
  })
  .meta({ id: 'ProjectNode' });

/**
 * How many devices a tree node lists inline before the "more" link (SPEC §2); the rest are paged
 * in on demand (/api/device/page/queryList with the node's projectId), so the tree stays light.
 */
export const TREE_DEVICES_INLINE = 10;

// ── Activity (the overview's recent activity) ───────────────────────────────────────────────────
export const ActivityKindSchema = z.enum([
  'device.online',
  'device.offline',
  'device.added',
  'device.deleted',
  'project.added',
  'project.deleted',
]);
export const ActivitySchema = z
  .object({
    id: z.number().int(),
    kind: ActivityKindSchema,
    subject: z.string().describe('the device or node concerned, by name as it was then'),
    projectId: z.number().int().nullable(),
    projectName: z.string().nullable(),
    actor: z.string().nullable().describe('login name of who did it; null for what a device did itself'),
    at: z.string().describe('ISO 8601'),
  })
  .meta({ id: 'Activity' });
export type Activity = z.infer<typeof ActivitySchema>;
export const RecentActivityQuerySchema = z
  .strictObject({ size: z.number().int().min(1).max(50).default(20) })
  .meta({ id: 'RecentActivityQuery' });
