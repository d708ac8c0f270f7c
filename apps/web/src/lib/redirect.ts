// Where to go after sign-in: the page the guard interrupted, if it is a safe console path.
import { HOME_PATH, isPublicPath } from './paths';

export const REDIRECT_PARAM = 'redirect';

/** Only same-origin absolute paths of the console; anything else (//evil, http:, public pages) goes home. */
export function safeRedirect(value: string | null | undefined): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return HOME_PATH;
  const pathname = value.split(/[?#]/)[0] ?? value;
  if (pathname !== '/' && isPublicPath(pathname)) return HOME_PATH;
  return value;
}
