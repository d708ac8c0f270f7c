// The role editor's project and video sections: what a save sends, what is offered, and refusals shown in place.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { PRIVILEGE_CATALOGUE, type ProjectNode, type Role } from '@svc/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { resetApiEnvironment } from '@/lib/api/environment';
import { renderInConsole, sessionWith } from '@/test/console';
import { RoleEditorDrawer } from './RoleEditorDrawer';

const GRANTABLE = new Set(['project', 'preview', 'device', 'device-show', 'project-add', 'user', 'user-add']);
const offered = (type: 'menu' | 'points', menuKey?: string) =>
  PRIVILEGE_CATALOGUE.filter(
    (p) =>
      GRANTABLE.has(p.key) && (type === 'menu' ? p.type !== 'points' : p.type === 'points' && p.parentKey === menuKey),
  );

const node = (id: number, title: string, children: ProjectNode[] = []): ProjectNode => ({
  id,
  title,
  proName: title,
  proLogo: null,
  kind: 'project',
  parentId: null,
  parentRootId: id,
  projectVirtualUuid: `p${id}`,
  privileges: [],
  modules: [],
  deviceCount: 0,
  moreShow: false,
  deviceVOS: [],
  children,
});
const FOREST = [node(10, 'Plaza', [node(11, 'North gate')]), node(12, 'Depot')];
const VIDEO = [
  { key: 'live', name: 'Live view' },
  { key: 'playback', name: 'Playback' },
  { key: 'download', name: 'Download recordings' },
  { key: 'ptz', name: 'PTZ control' },
];
const ROLE: Role = { id: 4, roleName: 'Guards', remark: null, privilegeKeys: ['project', 'preview'], employeeCount: 1 };

type Answer = { code: number; msg?: string; data?: unknown };

async function open(
  role: Role | null,
  {
    grants = { projects: [] as { projectId: number; privilegeKeys: string[] }[], video: [] as string[] },
    videoUpdate = (): Answer => ({ code: 1, data: null }),
  } = {},
) {
  const view = await renderInConsole(<RoleEditorDrawer role={role} open onClose={() => undefined} />, {
    session: sessionWith(['project', 'user', 'role', 'role-add', 'role-edit']),
    handlers: {
      '/api/privilege/menu': () => ({ code: 1, data: offered('menu') }),
      '/api/privilege/function': (body) => ({
        code: 1,
        data: offered('points', (body as { menuKey: string }).menuKey),
      }),
      '/api/project/query/mine': () => ({ code: 1, data: FOREST }),
      '/api/roleProjectPrivilege/query/4': () => ({ code: 1, data: grants.projects }),
      '/api/roleVideoPrivilege/queryAll': (body) => ({
        code: 1,
        data: (body as { roleId?: number } | undefined)?.roleId
          ? VIDEO.filter((v) => grants.video.includes(v.key))
          : VIDEO,
      }),
      '/api/roleVideoPrivilege/queryMine': () => ({ code: 1, data: ['live', 'playback'] }),
      '/api/role/add': () => ({ code: 1, data: { id: 5 } }),
      '/api/role/update': () => ({ code: 1, data: null }),
      '/api/roleProjectPrivilege/update': () => ({ code: 1, data: null }),
      '/api/roleVideoPrivilege/update': videoUpdate,
    },
  });
  await screen.findByText('Menus and functions', undefined, { timeout: 10_000 });
  return view;
}

const drawer = () => screen.getByRole('dialog');
const section = async (name: string) => {
  fireEvent.click(within(drawer()).getByRole('tab', { name }));
  return within(drawer()).findByRole('tabpanel', { name });
};
const treeCheckbox = (scope: HTMLElement, title: string) =>
  within(scope).getByText(title).closest('.ant-tree-treenode')!.querySelector<HTMLElement>('.ant-tree-checkbox')!;
const save = () => fireEvent.click(within(drawer()).getByRole('button', { name: 'Save' }));

afterEach(() => resetApiEnvironment());

describe('RoleEditorDrawer', () => {
  it('adds a role, then grants the ticked sub-project with the role’s project-level keys and the ticked video power', async () => {
    const { callsTo } = await open(null);
    fireEvent.change(drawer().querySelector('#roleName')!, { target: { value: 'Watchers' } });
    const functions = within(drawer()).getByRole('tabpanel', { name: 'Menus and functions' });
    await within(functions).findByText('Devices');
    // The device menu with its point (watch devices) and, above it, the project menu.
    fireEvent.click(treeCheckbox(functions, 'Devices'));

    const projects = await section('Projects');
    await within(projects).findByText('North gate');
    fireEvent.click(treeCheckbox(projects, 'North gate'));
    expect(await within(projects).findByText('Plaza / North gate')).toBeTruthy();

    const video = await section('Video');
    fireEvent.click(await within(video).findByRole('checkbox', { name: 'Live view' }));
    save();
    await waitFor(() => expect(callsTo('/api/roleVideoPrivilege/update')).toHaveLength(1));
    expect(callsTo('/api/role/add')[0]!.body).toEqual({
      roleName: 'Watchers',
      privilegeKeys: ['project', 'device', 'device-show'],
    });
    // The project menu and the project-level functions the role grants, nothing it does not.
    expect(callsTo('/api/roleProjectPrivilege/update')[0]!.body).toEqual({
      roleId: 5,
      projects: [{ projectId: 11, privilegeKeys: ['project', 'device', 'device-show'] }],
    });
    expect(callsTo('/api/roleVideoPrivilege/update')[0]!.body).toEqual({ roleId: 5, keys: ['live'] });
  });

  it('offers only the video powers the caller holds, and keeps one the role holds beyond them', async () => {
    await open(ROLE, { grants: { projects: [], video: ['ptz'] } });
    const video = await section('Video');
    const ptz = await within(video).findByRole('checkbox', { name: 'PTZ control' });
    expect(ptz).toHaveProperty('checked', true);
    expect(ptz).toHaveProperty('disabled', true);
    expect(within(video).getByRole('checkbox', { name: 'Playback' })).toHaveProperty('disabled', false);
    expect(within(video).queryByText('Download recordings')).toBeNull();
    // The role opens live view without the power to play it.
    expect(within(video).getByText(/cannot play live video/)).toBeTruthy();
  });

  it('sends no project or video update when only the name changed', async () => {
    const { callsTo } = await open(ROLE, {
      grants: { projects: [{ projectId: 12, privilegeKeys: ['project'] }], video: ['live'] },
    });
    const projects = await section('Projects');
    expect(await within(projects).findByText('Depot', { selector: '.role-project-grant *' })).toBeTruthy();
    fireEvent.change(drawer().querySelector('#roleName')!, { target: { value: 'Gate guards' } });
    save();
    await waitFor(() => expect(callsTo('/api/role/update')).toHaveLength(1));
    expect(callsTo('/api/roleProjectPrivilege/update')).toHaveLength(0);
    expect(callsTo('/api/roleVideoPrivilege/update')).toHaveLength(0);
  });

  it('warns that a role opening projects but naming none shows staff no projects', async () => {
    await open(ROLE);
    const projects = await section('Projects');
    expect(await within(projects).findByText(/will see no projects/)).toBeTruthy();
    fireEvent.click(treeCheckbox(projects, 'Depot'));
    await waitFor(() => expect(within(projects).queryByText(/will see no projects/)).toBeNull());
  });

  it('shows the server’s refusal in place, and saving again updates the role it added instead of adding another', async () => {
    let refuse = true;
    const { callsTo } = await open(null, {
      videoUpdate: () =>
        refuse ? { code: 4117, msg: 'You cannot grant a privilege you do not hold: live' } : { code: 1, data: null },
    });
    fireEvent.change(drawer().querySelector('#roleName')!, { target: { value: 'Watchers' } });
    const video = await section('Video');
    fireEvent.click(await within(video).findByRole('checkbox', { name: 'Live view' }));
    save();
    expect(await within(drawer()).findByText('You cannot grant a privilege you do not hold: live')).toBeTruthy();
    refuse = false;
    save();
    await waitFor(() => expect(callsTo('/api/roleVideoPrivilege/update')).toHaveLength(2));
    expect(callsTo('/api/role/add')).toHaveLength(1);
    expect(callsTo('/api/role/update')[0]!.body).toMatchObject({ id: 5, roleName: 'Watchers' });
  });
});
