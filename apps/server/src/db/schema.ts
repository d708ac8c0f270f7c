// Table types for Kysely: one interface per table, snake_case as in SQL (architecture §5).
import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

// Read as a Date; written as a Date or an ISO string. A column with a default is `Generated<Date>`,
// so an insert that leaves out a Timestamp fails to compile instead of failing in the database.
type Timestamp = ColumnType<Date, Date | string, Date | string>;
type Id = Generated<number>;

export interface EnterpriseTable {
  id: Id;
  name: string;
  /** 1 enabled, 0 disabled. */
  status: Generated<number>;
  /** The platform operator's own enterprise, home of the super administrator. */
  is_platform: Generated<boolean>;
  identity: string | null;
  scale: string | null;
  industry: string | null;
  main_business: string | null;
  region: string | null;
  address: string | null;
  mobile: string | null;
  email: string | null;
  backup_email: string | null;
  platform_id: string | null;
  logo_file_id: number | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface UserTable {
  id: Id;
  enterprise_id: number;
  login_name: string;
  name: string;
  login_mode: 'main' | 'sub';
  is_super_admin: Generated<boolean>;
  is_cloud_account: Generated<boolean>;
  /** 1 enabled, 0 disabled (SPEC §4 Employee status). */
  status: Generated<number>;
  password_hash: string;
  mobile: string | null;
  email: string | null;
  department_id: number | null;
  group_id: number | null;
  password_changed_at: Generated<Date>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
  /** The language and IANA zone the user last used the console in (migration 0014); null before. */
  language: Generated<string | null>;
  time_zone: Generated<string | null>;
}

export interface SessionTable {
  id: Id;
  /** sha256 of the token: a leaked table grants no session. */
  token_hash: string;
  user_id: number;
  enterprise_id: number;
  created_at: Generated<Date>;
  expires_at: Timestamp;
  address: string | null;
  user_agent: string | null;
}

export interface RsaKeyTable {
  id: Id;
  public_pem: string;
  private_pem: string;
  created_at: Generated<Date>;
}

export interface CaptchaTable {
  key: string;
  answer_hash: string;
  expires_at: Timestamp;
}

/** One failed sign-in (or wrong old password), kept for the sliding window of SPEC §9's lock. */
export interface SignInFailureTable {
  id: Id;
  /** As typed, lower-cased: unknown names are counted like real ones. */
  login_name: string;
  address: string;
  /** Came with a solved captcha, or from a signed-in session: only these lock the whole account. */
  verified: boolean;
  at: Timestamp;
}

export interface SignInLockTable {
  login_name: string;
  /** The address locked out, or '*' for every address. */
  address: string;
  until: Timestamp;
}

/** A recovery code sent ('send') or checked ('check'), for the per-name and per-address limits. */
export interface ResetAttemptTable {
  id: Id;
  kind: 'send' | 'check';
  login_name: string;
  address: string;
  at: Timestamp;
}

export interface ResetCodeTable {
  id: Id;
  user_id: number;
  channel: 'email' | 'mobile';
  code_hash: string;
  expires_at: Timestamp;
  tries: Generated<number>;
  used_at: Timestamp | null;
  address: string | null;
  created_at: Generated<Date>;
}

export interface OutboxTable {
  id: Id;
  enterprise_id: number | null;
  channel: 'email' | 'sms' | 'voice';
  recipient: string;
  subject: string | null;
  body: string;
  /** Yuan, 4 decimals so per-message prices (SMS 0.065) are exact; bills round to 2 (SPEC §9). */
  cost: ColumnType<string, string | number | undefined, string | number>;
  state: Generated<'pending' | 'sent' | 'failed'>;
  attempts: Generated<number>;
  last_error: string | null;
  created_at: Generated<Date>;
  sent_at: Timestamp | null;
  next_attempt_at: Timestamp | null;
}

export interface FileTable {
  id: Id;
  enterprise_id: number;
  kind: string;
  mime: string;
  size: number;
  sha256: string;
  width: number | null;
  height: number | null;
  created_by: number | null;
  created_at: Generated<Date>;
  /** The segment file holding the bytes (alarm pictures); null: a file of its own. */
  segment: string | null;
  segment_offset: number | null;
}

export interface DepartmentTable {
  id: Id;
  enterprise_id: number;
  name: string;
  created_at: Generated<Date>;
}

export interface DeviceGroupTable {
  id: Id;
  enterprise_id: number;
  name: string;
  remark: string | null;
  state: Generated<'open' | 'closed'>;
  created_at: Generated<Date>;
}

export interface RoleTable {
  id: Id;
  enterprise_id: number;
  role_name: string;
  remark: string | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface RolePrivilegeTable {
  role_id: number;
  privilege_key: string;
}

export interface UserRoleTable {
  user_id: number;
  role_id: number;
}

export interface ProjectTable {
  id: Id;
  enterprise_id: number;
  parent_id: number | null;
  root_id: number | null;
  path: string;
  kind: 'project' | 'area';
  name: string;
  logo_url: string | null;
  virtual_uuid: Generated<string>;
  modules: Generated<string[]>;
  created_at: Generated<Date>;
  /** Devices directly on this node, kept by triggers on device. */
  device_count: Generated<number>;
}

export type ActivityKind =
  'device.online' | 'device.offline' | 'device.added' | 'device.deleted' | 'project.added' | 'project.deleted';
export interface ActivityTable {
  id: Id;
  enterprise_id: number;
  project_id: number | null;
  device_id: number | null;
  kind: ActivityKind;
  subject: string;
  project_name: string | null;
  /** Who did it (a login name); null for what devices did themselves. */
  actor: string | null;
  at: Generated<Date>;
}

/** Alarm counts per enterprise, id bucket, type and handling, kept by triggers on alarm. */
export interface AlarmTallyTable {
  enterprise_id: number;
  bucket: number;
  type: string;
  handling: 'untreated' | 'treating' | 'treated';
  n: number;
  unread: number;
}

export interface DeviceTable {
  id: Id;
  enterprise_id: number;
  project_id: number;
  uuid: Generated<string>;
  sn: string;
  dev_name: string;
  dev_type: 'IPC' | 'NVR' | 'DVR';
  status: Generated<'online' | 'dormancy' | 'offline'>;
  login_name: Generated<string>;
  password: string;
  gb_code: string | null;
  model: string | null;
  manufacturer: string | null;
  firmware: string | null;
  ip: string | null;
  port: number | null;
  longitude: number | null;
  latitude: number | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
  sip_transport: 'UDP' | 'TCP' | null;
  sip_address: string | null;
  sip_port: number | null;
  registered_at: Date | null;
  register_expires_at: Date | null;
  keepalive_at: Date | null;
  keepalive_interval: Generated<number>;
  stream_mode: Generated<'UDP' | 'TCP-PASSIVE' | 'TCP-ACTIVE'>;
  armed: Generated<boolean>;
  vehicle: Generated<boolean>;
}

export interface ChannelTable {
  id: Id;
  device_id: number;
  enterprise_id: number;
  index_no: number;
  channel_title: string;
  main: number | null;
  extra: number | null;
  kind: Generated<'normal' | 'alarm' | 'digital'>;
  camera_type: Generated<'ordinary' | 'speedDome' | 'hemisphere'>;
  longitude: number | null;
  latitude: number | null;
  enable: Generated<boolean>;
  gb_code: string | null;
}

export interface TagTable {
  id: Id;
  enterprise_id: number;
  tag_name: string;
}

export interface AlarmTable {
  id: Id;
  enterprise_id: number;
  project_id: number;
  device_id: number;
  channel_id: number | null;
  type: 'A' | 'B' | 'C' | 'D' | 'E' | 'F' | 'G' | 'H';
  alarm_time: Date;
  read: Generated<boolean>;
  handling: Generated<'untreated' | 'treating' | 'treated'>;
  note: string | null;
  content: Generated<string>;
  priority: number | null;
  method: number | null;
  source: 'device' | 'manual' | 'offline';
  device_sn: number | null;
  picture_file_id: number | null;
  longitude: number | null;
  latitude: number | null;
  created_at: Generated<Date>;
}

export interface NoticeRuleTable {
  id: Id;
  enterprise_id: number;
  name: string;
  project_ids: number[];
  types: string[];
  channels: string[];
  user_ids: number[];
  enabled: Generated<boolean>;
}

export interface Database {
  project: ProjectTable;
  device: DeviceTable;
  channel: ChannelTable;
  tag: TagTable;
  device_tag: { tag_id: number; device_id: number };
  record_tag: { tag_id: number; record_id: number };
  group_device: { group_id: number; device_id: number };
  group_channel: { group_id: number; channel_id: number };
  role_project_privilege: { role_id: number; project_id: number; privilege_key: string };
  role_video_privilege: { role_id: number; video_key: string };
  regional_config: {
    enterprise_id: number;
    server: string;
    area_code: string;
    unit_number: string;
    industry_code: string;
    type_code: string;
    network_id: string;
    auto_enrol_project_id: Generated<number | null>;
    /** Sealed (crypto/secrets.ts); what devices not yet added prove to enrol themselves. */
    enrolment_secret: string | null;
    /** Whether the row holds its regional code: one enterprise per code (migration 0011). */
    claims_code: Generated<boolean>;
  };
  platform_setting: { key: string; value: string };
  alarm: AlarmTable;
  activity: ActivityTable;
  alarm_tally: AlarmTallyTable;
  notice_rule: NoticeRuleTable;
  notice_common_user: { enterprise_id: number; user_id: number; channels: string[] };
  file: FileTable;
  department: DepartmentTable;
  device_group: DeviceGroupTable;
  role: RoleTable;
  role_privilege: RolePrivilegeTable;
  user_role: UserRoleTable;
  enterprise: EnterpriseTable;
  user: UserTable;
  session: SessionTable;
  rsa_key: RsaKeyTable;
  captcha: CaptchaTable;
  sign_in_failure: SignInFailureTable;
  sign_in_lock: SignInLockTable;
  reset_attempt: ResetAttemptTable;
  reset_code: ResetCodeTable;
  outbox: OutboxTable;
}

export type User = Selectable<UserTable>;
export type NewUser = Insertable<UserTable>;
export type UserUpdate = Updateable<UserTable>;
export type Enterprise = Selectable<EnterpriseTable>;
export type OutboxRow = Selectable<OutboxTable>;
