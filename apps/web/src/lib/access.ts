// Who may reach what (SPEC §6): privilege keys from the session, with super administrators and cloud accounts bypassing.
import type { Session } from '@svc/contracts';

export type AccessSubject = Pick<Session, 'isSuperMan' | 'isCloudAccount' | 'userPrivilegeKeys' | 'privilegeList'>;

/** What reaching a page takes. */
export interface PageAccess {
  /**
   * Privilege key of SPEC §3 the user needs; super administrators and cloud accounts bypass it (SPEC §6).
   * PLATFORM_OPERATOR marks pages of the platform's super administrators only.
   */
  privilege?: string;
  /** SPEC §2: cloud-account users do not see the personal info page. */
  hiddenForCloudAccount?: boolean;
}

/**
 * Route access of the platform's own operator (the server's `platform` access): only super
 * administrators, never cloud accounts, whatever their bypass of function points (SPEC §6).
 */
export const PLATFORM_OPERATOR = 'platform';

export function bypassesChecks(subject: AccessSubject): boolean {
  return subject.isSuperMan || subject.isCloudAccount;
}

export function hasPrivilege(subject: AccessSubject, key: string): boolean {
  if (bypassesChecks(subject)) return true;
  return subject.userPrivilegeKeys.includes(key) || subject.privilegeList.some((p) => p.key === key);
}

/** Reachable = may be opened; the side menu lists only these and others show the no-permission page. */
export function canReach(subject: AccessSubject, route: PageAccess): boolean {
  if (route.hiddenForCloudAccount && subject.isCloudAccount) return false;
  if (route.privilege === PLATFORM_OPERATOR) return subject.isSuperMan;
  return !route.privilege || hasPrivilege(subject, route.privilege);
}
