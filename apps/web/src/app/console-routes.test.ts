// Who sees what (SPEC §2, §6): menus and reachable pages follow the privilege list; bypasses and the cloud-account rule.
import { describe, expect, it } from 'vitest';
import { canReach, hasPrivilege, type AccessSubject } from '@/lib/access';
import { isPublicPath } from '@/lib/paths';
import { CONSOLE_ROUTES, findConsoleRoute } from './console-routes';
import { menuRoutes, topSections } from './layout/navigation';

const subject = (over: Partial<AccessSubject>): AccessSubject => ({
  isSuperMan: false,
  isCloudAccount: false,
  userPrivilegeKeys: [],
  privilegeList: [],
  ...over,
});
const personal = findConsoleRoute('/platform/basic')!;

describe('access', () => {
  it('super administrators reach every page', () => {
    const admin = subject({ isSuperMan: true });
    expect(CONSOLE_ROUTES.every((r) => canReach(admin, r))).toBe(true);
    expect(topSections(admin).map((s) => s.key)).toEqual(['project', 'user', 'platform']);
    expect(menuRoutes(admin, 'platform').map((r) => r.path)).toEqual([
      '/platform/info',
      '/platform/basic',
      '/platform/enterprise',
    ]);
  });

  it('cloud-account users bypass checks but never see personal info', () => {
    const cloud = subject({ isCloudAccount: true });
    expect(hasPrivilege(cloud, 'anything')).toBe(true);
    expect(canReach(cloud, personal)).toBe(false);
    expect(menuRoutes(cloud, 'platform').map((r) => r.path)).toEqual(['/platform/info']);
    expect(topSections(cloud).map((s) => s.key)).toEqual(['project', 'user', 'platform']);
  });

  it('only super administrators reach the enterprises page, whatever keys others hold', () => {
    const enterprises = findConsoleRoute('/platform/enterprise')!;
    expect(canReach(subject({ isSuperMan: true }), enterprises)).toBe(true);
    expect(canReach(subject({ isCloudAccount: true }), enterprises)).toBe(false);
    expect(canReach(subject({ userPrivilegeKeys: ['platform', 'info', 'account'] }), enterprises)).toBe(false);
  });

  it('other users see only menus named in their privilege list or keys', () => {
    const viewer = subject({
      privilegeList: [{ key: 'project', type: 'menu', url: '/project/index', parentKey: null }],
    });
    expect(topSections(viewer).map((s) => s.key)).toEqual(['project']);
    expect(canReach(viewer, personal)).toBe(false);
    const withKey = subject({ userPrivilegeKeys: ['account'] });
    expect(menuRoutes(withKey, 'platform').map((r) => r.path)).toEqual(['/platform/basic']);
    expect(menuRoutes(withKey, 'project')).toEqual([]);
    const staffOnly = subject({ userPrivilegeKeys: ['user'] });
    expect(topSections(staffOnly).map((s) => s.key)).toEqual(['user']);
    expect(topSections(staffOnly)[0]!.path).toBe('/user/role-employee');
  });
});

describe('route table', () => {
  it('treats public pages and unknown paths as public, console pages as guarded', () => {
    expect(isPublicPath('/home')).toBe(true);
    expect(isPublicPath('/findback/reset')).toBe(true);
    expect(isPublicPath('/no/such/page')).toBe(true);
    expect(isPublicPath('/project/index')).toBe(false);
    expect(isPublicPath('/project')).toBe(false);
    expect(isPublicPath('/')).toBe(false);
  });

  it('gives every console page a title key and a privilege key from the catalogue', () => {
    for (const route of CONSOLE_ROUTES) {
      expect(route.titleKey, route.path).toBeTruthy();
      expect(route.privilege, route.path).toBeTruthy();
    }
  });

  it('gives every console page its menu icon', () => {
    for (const route of CONSOLE_ROUTES) expect(route.icon, route.path).toBeDefined();
  });
});
