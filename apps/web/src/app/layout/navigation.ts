// What the signed-in user's menus list: reachable console routes grouped by section (SPEC §2, §6).
import type { AccessSubject } from '@/lib/access';
import { canReach } from '@/lib/access';
import type { Section } from '@/lib/paths';
import { CONSOLE_ROUTES, SECTIONS } from '../console-routes';
import type { RouteDef } from '../routes';

export function menuRoutes(subject: AccessSubject, section: Section, routes: readonly RouteDef[] = CONSOLE_ROUTES) {
  return routes.filter((r) => r.section === section && canReach(subject, r));
}

/** Sections with at least one reachable page, each opening its first one. */
export function topSections(subject: AccessSubject, routes: readonly RouteDef[] = CONSOLE_ROUTES) {
  return SECTIONS.flatMap((s) => {
    const first = menuRoutes(subject, s.key, routes)[0];
    return first ? [{ ...s, path: first.path }] : [];
  });
}
