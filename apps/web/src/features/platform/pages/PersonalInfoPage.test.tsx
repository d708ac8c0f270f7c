// Personal info: the session's account, editing one's own profile, and the password change that ends in "sign in again" (SPEC §4, §5).
import { generateKeyPairSync } from 'node:crypto';
import type { Session } from '@svc/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { configureApi, resetApiEnvironment } from '@/lib/api/environment';
import { clearSession } from '@/lib/session/storage';
import { InConsole } from '@/test/console';
import { fakeServer, renderAt } from '@/test/render';
import PersonalInfoPage from './PersonalInfoPage';

const { publicKey } = generateKeyPairSync('rsa', {
  modulusLength: 2048,
  publicKeyEncoding: { type: 'spki', format: 'pem' },
  privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
});

const session: Session = {
  loginName: 'operator1',
  name: 'Li Lei',
  isSuperMan: false,
  isCloudAccount: false,
  showAiServices: false,
  roles: [{ id: 3, roleName: 'Monitors' }],
  userPrivilegeKeys: ['account'],
  privilegeList: [],
  logoUrl: null,
  userLoginInfo: { id: 7, enterpriseId: 2, loginMode: 'sub' },
  userAccount: {
    loginName: 'operator1',
    name: 'Li Lei',
    mobile: null,
    email: 'li@example.com',
    enterpriseName: 'Acme',
  },
};

async function open(answer: { code: number; msg?: string } = { code: 1 }) {
  const fake = fakeServer({
    '/rsa/getkey': () => ({ code: 1, data: { publicKey, algorithm: 'RSA-OAEP-256' } }),
    '/api/session/update/password': () => answer,
    '/api/employee/updateById': () => ({ code: 1, data: null }),
  });
  configureApi({ fetch: fake.fetch });
  await renderAt('/platform/basic', [
    {
      path: '/platform/basic',
      element: (
        <InConsole session={session}>
          <PersonalInfoPage />
        </InConsole>
      ),
    },
  ]);
  await screen.findByText('Acme');
  return fake;
}

const field = (id: string) => document.getElementById(id) as HTMLInputElement;
const type = (id: string, value: string) => fireEvent.change(field(id), { target: { value } });
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Change password' }));

afterEach(() => {
  resetApiEnvironment();
  clearSession();
});

describe('PersonalInfoPage', () => {
  it('shows the account from the session', async () => {
    await open();
    expect(screen.getByText('operator1')).toBeTruthy();
    expect(screen.getByText('Sub-account')).toBeTruthy();
    expect(screen.getByText('Monitors')).toBeTruthy();
    expect(screen.getByText('Not set')).toBeTruthy();
  });

  it('checks the SPEC §5 rules before sending anything', async () => {
    const fake = await open();
    type('oldPassword', 'Old#Pass2024');
    type('newPassword', 'weakpass');
    type('confirmPassword', 'different');
    submit();
    expect(await screen.findByText('The two passwords do not match, please re-enter.')).toBeTruthy();
    // The rule text shows twice: as the field's hint and as its error.
    await waitFor(() => expect(screen.getAllByText(/Password: 8–64 characters/)).toHaveLength(2));
    expect(fake.calls.some((c) => c.path === '/api/session/update/password')).toBe(false);
  });

  it('sends both passwords encrypted, sets the update flag and asks to sign in again', async () => {
    const fake = await open();
    type('oldPassword', 'Old#Pass2024');
    type('newPassword', 'New#Pass2025');
    type('confirmPassword', 'New#Pass2025');
    submit();
    expect((await screen.findAllByText('Password changed')).length).toBeGreaterThan(0);
    expect(screen.getByText(/Please sign in again with the new password/)).toBeTruthy();
    const body = fake.calls.find((c) => c.path === '/api/session/update/password')!.body as Record<string, string>;
    expect(body.oldPassword).not.toContain('Old#Pass2024');
    expect(Buffer.from(body.newPassword!, 'base64')).toHaveLength(256);
    expect(localStorage.getItem('passwordUpdated')).toBe('1');
  });

  it("edits the signed-in user's name, mobile and email under their own id, with the SPEC §5 checks", async () => {
    const fake = await open();
    fireEvent.click(screen.getByRole('button', { name: /Edit profile/ }));
    const dialog = await screen.findByRole('dialog');
    const input = (id: string) => dialog.querySelector<HTMLInputElement>(`#${id}`)!;
    expect(input('name').value).toBe('Li Lei');
    fireEvent.change(input('mobile'), { target: { value: '99' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Enter a valid mobile number.')).toBeTruthy();
    fireEvent.change(input('mobile'), { target: { value: '13900139000' } });
    fireEvent.change(input('email'), { target: { value: '' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(fake.calls.some((c) => c.path === '/api/employee/updateById')).toBe(true));
    expect(fake.calls.find((c) => c.path === '/api/employee/updateById')!.body).toEqual({
      id: 7,
      name: 'Li Lei',
      mobile: '13900139000',
    });
  });

  it('shows the server message when the change is refused', async () => {
    await open({ code: 4000, msg: 'The old password is wrong.' });
    type('oldPassword', 'Wrong#Pass2024');
    type('newPassword', 'New#Pass2025');
    type('confirmPassword', 'New#Pass2025');
    submit();
    expect(await screen.findByText('The old password is wrong.')).toBeTruthy();
    expect(localStorage.getItem('passwordUpdated')).toBeNull();
  });
});
