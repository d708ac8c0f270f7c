// The sign-in page against a fake server: encrypted password, modes, captcha on demand, lockout, redirect.
import { constants, generateKeyPairSync, privateDecrypt } from 'node:crypto';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { configureApi, resetApiEnvironment } from '@/lib/api/environment';
import { isPublicPath } from '@/lib/paths';
import { clearSession, isSignedIn } from '@/lib/session/storage';
import { at, fakeServer, renderAt } from '@/test/render';
import SignInPage from './SignInPage';

const { publicKey, privateKey } = generateKeyPairSync('rsa', {
  modulusLength: 2048,
  publicKeyEncoding: { type: 'spki', format: 'pem' },
  privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
});
const decrypt = (b64: string) =>
  privateDecrypt(
    { key: privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
    Buffer.from(b64, 'base64'),
  ).toString();

type Answer = { code: number; msg?: string; data?: unknown };
function server(loginAnswers: Answer[], captchaMode: 'off' | 'after-failures' | 'always' = 'after-failures') {
  let captchas = 0;
  const fake = fakeServer({
    '/api/index/info': () => ({
      code: 1,
      data: { title: 'Acme Watch', logoUrl: null, backgroundUrl: null, loginCaptcha: captchaMode },
    }),
    '/rsa/getkey': () => ({ code: 1, data: { publicKey, algorithm: 'RSA-OAEP-256' } }),
    '/api/session/verificationCode': () => ({
      code: 1,
      data: { key: `00000000-0000-4000-8000-00000000000${++captchas}`, image: 'data:image/svg+xml;base64,PHN2Zy8+' },
    }),
    '/api/session/login/rsa': () => loginAnswers.shift() ?? { code: 1, data: { token: 'tok', expiresAt: '' } },
  });
  configureApi({ fetch: fake.fetch, isPublicRoute: () => isPublicPath(window.location.pathname) });
  return fake;
}

const logins = (calls: ReturnType<typeof fakeServer>['calls']) =>
  calls.filter((c) => c.path === '/api/session/login/rsa').map((c) => c.body as Record<string, string>);

async function open(path = '/home') {
  return renderAt(path, [
    at('/home', <SignInPage />),
    at('/project/index', <p>console home</p>),
    at('/platform/basic', <p>personal</p>),
  ]);
}

function fill(name: string, value: string) {
  fireEvent.change(document.querySelector(`input[name="${name}"]`)!, { target: { value } });
}
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));

afterEach(() => {
  resetApiEnvironment();
  clearSession();
});

describe('SignInPage', () => {
  it('sends the RSA-encrypted password, marks the browser signed in and goes to the redirect target', async () => {
    const fake = server([{ code: 1, data: { token: 'tok-1', expiresAt: '' } }]);
    const { router } = await open('/home?redirect=%2Fplatform%2Fbasic');
    fill('loginName', ' admin ');
    fill('password', 'Secret#2025');
    submit();
    expect(await screen.findByText('personal')).toBeTruthy();
    const [body] = logins(fake.calls);
    expect(body).toMatchObject({ loginName: 'admin', loginMode: 'main' });
    expect(body!.password).not.toBe('Secret#2025');
    expect(decrypt(body!.password!)).toBe('Secret#2025');
    expect(isSignedIn()).toBe(true);
    // The token is the server's HttpOnly cookie: script neither writes it nor keeps it anywhere.
    expect(document.cookie).not.toContain('tok-1');
    expect(JSON.stringify({ ...localStorage, ...sessionStorage })).not.toContain('tok-1');
    expect(router.state.location.pathname).toBe('/platform/basic');
  });

  it('signs in a sub-account with loginMode sub', async () => {
    const fake = server([]);
    await open();
    fireEvent.click(screen.getByLabelText('Sub-account'));
    fill('loginName', 'operator1');
    fill('password', 'Secret#2025');
    submit();
    expect(await screen.findByText('console home')).toBeTruthy();
    expect(logins(fake.calls)[0]).toMatchObject({ loginMode: 'sub' });
  });

  it('shows the server message and asks for the captcha when the answer says so', async () => {
    const fake = server([
      { code: 14020, msg: 'Wrong user name or password.', data: { captchaRequired: true } },
      { code: 1, data: { token: 'tok-2', expiresAt: '' } },
    ]);
    await open();
    expect(document.querySelector('input[name="verificationCode"]')).toBeNull();
    fill('loginName', 'admin');
    fill('password', 'bad');
    submit();
    expect((await screen.findByRole('alert')).textContent).toContain('Wrong user name or password.');
    expect(await screen.findByAltText('Verification code image')).toBeTruthy();
    // The captcha is required now: an empty one is caught before any call.
    fill('password', 'Secret#2025');
    submit();
    expect(await screen.findByText('This field is required.')).toBeTruthy();
    fill('verificationCode', 'ab12');
    submit();
    expect(await screen.findByText('console home')).toBeTruthy();
    const second = logins(fake.calls)[1]!;
    expect(second.verificationCode).toBe('ab12');
    expect(second.verificationKey).toMatch(/^00000000-0000-4000-8000-0000000000\d\d$/);
  });

  it('shows the captcha from the start when the platform always asks for one', async () => {
    server([], 'always');
    await open();
    expect(await screen.findByAltText('Verification code image')).toBeTruthy();
  });

  it('tells a locked account why and offers the password reset', async () => {
    server([{ code: 14022, msg: 'The account is locked. Try again in 30 minutes.', data: null }]);
    await open();
    fill('loginName', 'admin');
    fill('password', 'whatever');
    submit();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('locked');
    expect(alert.querySelector('a')!.getAttribute('href')).toBe('/findback/account');
  });

  it('reminds that staff sign in on the sub-account tab after a main-mode refusal, the same for every name', async () => {
    const refusal = { code: 14020, msg: 'Wrong user name or password.', data: null };
    const fake = server([refusal, refusal, refusal]);
    await open();
    const alerts: string[] = [];
    for (const name of ['nosuchuser', 'admin']) {
      fill('loginName', name);
      fill('password', 'bad');
      submit();
      await waitFor(() => expect(logins(fake.calls)).toHaveLength(alerts.length + 1));
      const alert = await screen.findByRole('alert');
      await waitFor(() => expect(alert.textContent).toContain('Staff members sign in on the Sub-account tab.'));
      alerts.push(alert.textContent!);
    }
    // Whether the name exists or not, the page says the same.
    expect(alerts[0]).toBe(alerts[1]);
    expect(alerts[0]).toContain('Wrong user name or password.');
    fireEvent.click(screen.getByRole('button', { name: 'Switch to Sub-account' }));
    expect((screen.getByLabelText('Sub-account') as HTMLInputElement).checked).toBe(true);
    expect(screen.getByRole('alert').textContent).not.toContain('Staff members');
    // A refusal in sub-account mode has no reminder to give.
    fill('password', 'bad');
    submit();
    await waitFor(() => expect(logins(fake.calls)).toHaveLength(3));
    expect(logins(fake.calls)[2]).toMatchObject({ loginMode: 'sub' });
    expect(screen.getByRole('alert').textContent).not.toContain('Staff members');
  });

  it('gives no staff reminder for other refusals', async () => {
    server([{ code: 14022, msg: 'The account is locked. Try again in 30 minutes.', data: null }]);
    await open();
    fill('loginName', 'admin');
    fill('password', 'whatever');
    submit();
    expect((await screen.findByRole('alert')).textContent).not.toContain('Staff members');
  });

  it('refuses an over-long captcha with its limit instead of cutting it', async () => {
    const fake = server([], 'always');
    await open();
    await screen.findByAltText('Verification code image');
    const input = document.querySelector<HTMLInputElement>('input[name="verificationCode"]')!;
    expect(input.getAttribute('maxlength')).toBeNull();
    fill('loginName', 'admin');
    fill('password', 'Secret#2025');
    fill('verificationCode', 'abcdefghi');
    submit();
    expect(await screen.findByText('The verification code has at most 8 characters.')).toBeTruthy();
    expect(input.value).toBe('abcdefghi');
    await waitFor(() => expect(logins(fake.calls)).toHaveLength(0));
  });

  it('checks the SPEC §5 login-name rule before calling the server', async () => {
    const fake = server([]);
    await open();
    fill('loginName', '9lives');
    submit();
    expect(await screen.findByText(/Login name: at least 4 characters/)).toBeTruthy();
    expect(screen.getAllByText('This field is required.')).toHaveLength(1);
    await waitFor(() => expect(logins(fake.calls)).toHaveLength(0));
  });
});
