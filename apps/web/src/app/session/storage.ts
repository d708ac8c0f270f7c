// Where the signed-in state lives in the browser (SPEC §4): token cookie for 3 days, privilege lists in local storage.
import type { PrivilegeItem, Session } from '@svc/contracts';
import { deleteCookie, getCookie, setCookie } from './cookies';

export const TOKEN_COOKIE = 'token';
/** SPEC §9: the token cookie lives 3 days, as long as the server keeps the session. */
export const TOKEN_MAX_AGE_SECONDS = 3 * 24 * 60 * 60;
export const PRIVILEGE_KEYS_STORAGE = 'userPrivilegeKeys';
export const PRIVILEGE_LIST_STORAGE = 'privilegeList';
/** Set after a password change; at start-up it forces a logout (SPEC §4). */
export const PASSWORD_UPDATED_FLAG = 'passwordUpdated';

export function getToken(): string | undefined {
  const token = getCookie(TOKEN_COOKIE);
  return token ? token : undefined;
}

export function setToken(token: string): void {
  setCookie(TOKEN_COOKIE, token, TOKEN_MAX_AGE_SECONDS);
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

/** Logout and 1001: the token and everything stored for the user go (the language cookie stays). */
export function clearSession(): void {
  deleteCookie(TOKEN_COOKIE);
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
