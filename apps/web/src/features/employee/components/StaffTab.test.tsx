// The staff tab against a fake server: list and paging, SPEC §5 form rules and messages, batch rule, buttons per function point.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Employee } from '@svc/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { resetApiEnvironment } from '@/lib/api/environment';
import { renderInConsole, sessionWith } from '@/test/console';
import { StaffTab } from './StaffTab';

const ALL_KEYS = [
  'user',
  'user-add',
  'user-edit',
  'user-status',
  'user-reset-password',
  'user-delete',
  'user-import',
  'role',
];

const employee = (id: number, over: Partial<Employee> = {}): Employee => ({
  id,
  loginName: `staff${id}`,
  name: `Staff ${id}`,
  mobile: null,
  email: null,
  status: 1,
  roles: [{ id: 7, roleName: 'Monitors' }],
  groupId: null,
  groupName: null,
  department: 'Security',
  departmentId: 1,
  createdAt: '2025-03-01T08:00:00.000Z',
  ...over,
});

async function open(keys = ALL_KEYS) {
  const view = await renderInConsole(<StaffTab />, {
    session: sessionWith(keys),
    handlers: {
      '/api/employee/query': () => ({
        code: 1,
        data: { list: [employee(1), employee(2, { status: 0 })], total: 45, totalCapped: false, nextCursor: null },
      }),
      '/api/employee/group/query': () => ({ code: 1, data: [{ id: 1, name: 'Security', employeeCount: 2 }] }),
      '/api/role/getAll': () => ({
        code: 1,
        data: [{ id: 7, roleName: 'Monitors', remark: null, privilegeKeys: ['user'], employeeCount: 2 }],
      }),
      '/api/group/getAll': () => ({ code: 1, data: [] }),
      '/api/employee/add': () => ({ code: 1, data: { id: 3 } }),
      '/api/employee/unlock/1': () => ({ code: 1, data: null }),
    },
  });
  // The first render compiles antd's styles and loads the lazy `user` catalog: slow on 2 cores.
  await screen.findByText('staff1', undefined, { timeout: 10_000 });
  return view;
}

const dialog = () => screen.getByRole('dialog');
const field = (id: string) => dialog().querySelector<HTMLInputElement>(`#${id}`)!;
const type = (id: string, value: string) => fireEvent.change(field(id), { target: { value } });

afterEach(() => resetApiEnvironment());

describe('StaffTab', () => {
  it('lists the page the server answered, with its total and each status', async () => {
    const { callsTo } = await open();
    expect(screen.getByText('Total: 45')).toBeTruthy();
    expect(screen.getByText('Enabled')).toBeTruthy();
    expect(screen.getByText('Disabled')).toBeTruthy();
    expect(callsTo('/api/employee/query')[0]!.body).toEqual({ page: 1, size: 20 });
  });

  it('a batch action with nothing selected says "select at least one item" and sends nothing', async () => {
    const { fake } = await open();
    fireEvent.click(screen.getByRole('button', { name: 'Disable selected' }));
    expect(await screen.findByText('Select at least one item.')).toBeTruthy();
    expect(fake.calls.some((c) => c.path === '/api/employee/batchUpdateStatus')).toBe(false);
  });

  it('the add form shows the SPEC §5 messages and sends nothing while a rule fails', async () => {
    const { callsTo } = await open();
    fireEvent.click(screen.getByRole('button', { name: /Add staff/ }));
    await screen.findByRole('dialog');
    type('loginName', '1ab');
    type('name', 'Bad$Name');
    type('password', 'weakpass');
    type('confirmPassword', 'different');
    type('mobile', '12345');
    type('email', 'not-an-email');
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Save' }));
    const d = within(dialog());
    expect(await d.findByText('The two passwords do not match, please re-enter.')).toBeTruthy();
    // The login name and password rules are both hint and error (CSS hides the hint while the error shows).
    await waitFor(() => expect(d.getAllByText(/^Login name: at least 4 characters/)).toHaveLength(2));
    expect(d.getAllByText(/^Password: 8–64 characters/)).toHaveLength(2);
    expect(d.getByText('Names may contain letters, digits and Chinese characters only.')).toBeTruthy();
    expect(d.getByText('Enter a valid mobile number.')).toBeTruthy();
    expect(d.getByText('Enter a valid email address.')).toBeTruthy();
    expect(d.getByText('Choose at least one role.')).toBeTruthy();
    expect(callsTo('/api/employee/add')).toHaveLength(0);
  });

  it('adds staff with the chosen role and the password encrypted', async () => {
    const { callsTo } = await open();
    fireEvent.click(screen.getByRole('button', { name: /Add staff/ }));
    await screen.findByRole('dialog');
    type('loginName', 'guard7');
    type('name', 'Zhao Lei');
    type('password', 'Guard#2025x');
    type('confirmPassword', 'Guard#2025x');
    fireEvent.mouseDown(dialog().querySelector('#roleIds')!);
    fireEvent.click(await screen.findByTitle('Monitors'));
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(callsTo('/api/employee/add')).toHaveLength(1));
    const body = callsTo('/api/employee/add')[0]!.body as Record<string, unknown>;
    expect(body).toMatchObject({ loginName: 'guard7', name: 'Zhao Lei', roleIds: [7] });
    expect(body.password).not.toContain('Guard#2025x');
    expect(Buffer.from(body.password as string, 'base64')).toHaveLength(256);
    // Empty optional fields are left out rather than sent blank.
    expect(body).not.toHaveProperty('mobile');
  });

  it('unlocks a staff member’s sign-in from the row’s menu, after confirming', async () => {
    const { callsTo } = await open();
    fireEvent.click(screen.getByRole('button', { name: 'More actions for Staff 1' }));
    fireEvent.click(await screen.findByText('Unlock sign-in'));
    const confirm = await screen.findByRole('dialog');
    expect(within(confirm).getAllByText('Unlock the sign-in of Staff 1?').length).toBeGreaterThan(0);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Unlock sign-in' }));
    await waitFor(() => expect(callsTo('/api/employee/unlock/1')).toHaveLength(1));
    expect(await screen.findByText('Sign-in is unlocked.')).toBeTruthy();
  });

  it('shows only the buttons of the function points the user holds', async () => {
    await open(['user']);
    expect(screen.queryByRole('button', { name: /Add staff/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /^upload Import$/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Disable selected' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(screen.queryByRole('checkbox')).toBeNull();
  });
});
