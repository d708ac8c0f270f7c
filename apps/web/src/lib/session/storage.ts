// Where the signed-in state lives in the browser (SPEC §4): a signed-in marker and privilege lists in local storage.
// The token itself is an HttpOnly cookie the server sets and clears: no script here can read it, so no XSS can steal it.
import type { PrivilegeItem, Session } from '@svc/contracts';
import { deleteCookie } from './cookies';

/** Not a secret: only tells the route guard this browser signed in; the server still checks the cookie on every call. */
export const SIGNED_IN_STORAGE = 'signedIn';
/** Older consoles wrote the token into a script-readable cookie of this name; one may be left over. */
const LEGACY_TOKEN_COOKIE = 'token';
export const PRIVILEGE_KEYS_STORAGE = 'userPrivilegeKeys';
export const PRIVILEGE_LIST_STORAGE = 'privilegeList';
/** Set after a password change; at start-up it forces a logout (SPEC §4). */
export const PASSWORD_UPDATED_FLAG = 'passwordUpdated';

export function markSignedIn(): void {
  localStorage.setItem(SIGNED_IN_STORAGE, '1');
}

export function isSignedIn(): boolean {
  return localStorage.getItem(SIGNED_IN_STORAGE) === '1';
}

export function storePrivileges(session: Pick<Session, 'userPrivilegeKeys' | 'privilegeList'>): void {
  localStorage.setItem(PRIVILEGE_KEYS_STORAGE, JSON.stringify(session.userPrivilegeKeys));
  localStorage.setItem(PRIVILEGE_LIST_STORAGE, JSON.stringify(session.privilegeList));
}

export function storedPrivileges(): { userPrivilegeKeys: string[]; privilegeList: PrivilegeItem[] } {
  return {
    userPrivilegeKeys: readJson<string[]>(PRIVILEGE_KEYS_STORAGE) ?? [],
    privilegeList: readJson<PrivilegeItem[]>(PRIVILEGE_LIST_STORAGE) ?? [],
  };
}

export function setPasswordUpdatedFlag(): void {
  localStorage.setItem(PASSWORD_UPDATED_FLAG, '1');
}

export function hasPasswordUpdatedFlag(): boolean {
  return localStorage.getItem(PASSWORD_UPDATED_FLAG) !== null;
}

/**
 * Logout and 1001: everything stored for the user goes (the language cookie stays). The server clears
 * the HttpOnly token cookie on logout; this only drops a script-written one an older console left.
 */
export function clearSession(): void {
  deleteCookie(LEGACY_TOKEN_COOKIE);
  localStorage.clear();
  sessionStorage.clear();
}

function readJson<T>(key: string): T | undefined {
  const raw = localStorage.getItem(key);
  if (raw === null) return undefined;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return undefined;
  }
}
