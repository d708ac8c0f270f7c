// Table types for Kysely: one interface per table, snake_case as in SQL (DESIGN §5).
import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
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
  failed_attempts: Generated<number>;
  locked_until: Timestamp | null;
  password_changed_at: Generated<Date>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
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

export interface LoginFailureTable {
  address: string;
  failures: number;
  first_at: Timestamp;
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

export interface Database {
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
  login_failure: LoginFailureTable;
  reset_code: ResetCodeTable;
  outbox: OutboxTable;
}

export type User = Selectable<UserTable>;
export type NewUser = Insertable<UserTable>;
export type UserUpdate = Updateable<UserTable>;
export type Enterprise = Selectable<EnterpriseTable>;
export type OutboxRow = Selectable<OutboxTable>;
