// Roles tab: the editor's privilege tree built from what the server offers, and the keys a click sends.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { PRIVILEGE_CATALOGUE } from '@svc/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { resetApiEnvironment } from '@/lib/api/environment';
import { renderInConsole, sessionWith } from '@/test/console';
import { RolesTab } from './RolesTab';

// The caller may grant the staff menu with two points and personal info (under enterprise info).
const GRANTABLE = new Set(['user', 'user-add', 'user-edit', 'info', 'account']);
const offered = (type: 'menu' | 'points', menuKey?: string) =>
  PRIVILEGE_CATALOGUE.filter(
    (p) =>
      GRANTABLE.has(p.key) && (type === 'menu' ? p.type !== 'points' : p.type === 'points' && p.parentKey === menuKey),
  );

const ROLE = { id: 4, roleName: 'Monitors', remark: 'Watch only', privilegeKeys: ['user'], employeeCount: 3 };

async function open(keys = ['user', 'role', 'role-add', 'role-edit', 'role-delete']) {
  const view = await renderInConsole(<RolesTab />, {
    session: sessionWith(keys),
    handlers: {
      '/api/role/getAll': () => ({ code: 1, data: [ROLE] }),
      '/api/privilege/menu': () => ({ code: 1, data: offered('menu') }),
      '/api/privilege/function': (body) => ({
        code: 1,
        data: offered('points', (body as { menuKey: string }).menuKey),
      }),
      '/api/role/add': () => ({ code: 1, data: { id: 5 } }),
      '/api/role/update': () => ({ code: 1, data: null }),
      '/api/roleProjectPrivilege/query/4': () => ({ code: 1, data: [] }),
      '/api/roleVideoPrivilege/queryAll': () => ({ code: 1, data: [{ key: 'live', name: 'Live view' }] }),
      '/api/roleVideoPrivilege/queryMine': () => ({ code: 1, data: ['live'] }),
    },
  });
  await screen.findByText('Monitors', undefined, { timeout: 10_000 });
  return view;
}

const drawer = () => screen.getByRole('dialog');
const checkbox = (title: string) =>
  within(drawer()).getByText(title).closest('.ant-tree-treenode')!.querySelector<HTMLElement>('.ant-tree-checkbox')!;

afterEach(() => resetApiEnvironment());

describe('RolesTab', () => {
  it('adds a role with the keys checked in the tree, their menu included', async () => {
    const { callsTo } = await open();
    fireEvent.click(screen.getByRole('button', { name: /Add role/ }));
    await within(drawer()).findByText('Add staff');
    // Only what the caller may grant is offered.
    expect(within(drawer()).queryByText('Delete staff')).toBeNull();
    fireEvent.change(drawer().querySelector('#roleName')!, { target: { value: 'Receptionists' } });
    fireEvent.click(checkbox('Add staff'));
    fireEvent.click(checkbox('Personal info'));
    fireEvent.click(within(drawer()).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(callsTo('/api/role/add')).toHaveLength(1));
    expect(callsTo('/api/role/add')[0]!.body).toEqual({
      roleName: 'Receptionists',
      privilegeKeys: ['user', 'user-add', 'account'],
    });
  });

  it('shows a role granted the menu alone as half-checked and keeps the role name rule', async () => {
    const { callsTo } = await open();
    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    await within(drawer()).findByText('Add staff');
    const staffMenu = checkbox('Staff');
    expect(staffMenu.className).toContain('ant-tree-checkbox-indeterminate');
    expect(checkbox('Add staff').className).not.toContain('ant-tree-checkbox-checked');
    fireEvent.change(drawer().querySelector('#roleName')!, { target: { value: 'x'.repeat(21) } });
    fireEvent.click(within(drawer()).getByRole('button', { name: 'Save' }));
    expect(await within(drawer()).findByText('Role name is required, at most 20 characters.')).toBeTruthy();
    expect(callsTo('/api/role/update')).toHaveLength(0);
  });

  it('keeps a pasted 30-character role name whole and refuses it naming the limit of 20', async () => {
    const { callsTo } = await open();
    fireEvent.click(screen.getByRole('button', { name: /Add role/ }));
    await within(drawer()).findByText('Add staff');
    const name = drawer().querySelector<HTMLInputElement>('#roleName')!;
    // No maxlength: the browser would cut a paste to 20 without a word.
    expect(name.getAttribute('maxlength')).toBeNull();
    fireEvent.change(name, { target: { value: 'R'.repeat(30) } });
    expect(name.value).toHaveLength(30);
    fireEvent.click(within(drawer()).getByRole('button', { name: 'Save' }));
    expect(await within(drawer()).findByText('Role name is required, at most 20 characters.')).toBeTruthy();
    expect(callsTo('/api/role/add')).toHaveLength(0);
  });

  it('without role-edit the editor only shows the role', async () => {
    await open(['user', 'role']);
    expect(screen.queryByRole('button', { name: /Add role/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'View' }));
    await within(drawer()).findByText('Add staff');
    expect(within(drawer()).queryByRole('button', { name: 'Save' })).toBeNull();
    expect(drawer().querySelector<HTMLInputElement>('#roleName')!.disabled).toBe(true);
  });
});
