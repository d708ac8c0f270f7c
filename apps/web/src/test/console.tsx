// Test harness for console pages: antd with its locale, a signed-in session, and a fake server behind the api client.
import { generateKeyPairSync } from 'node:crypto';
import type { ReactElement, ReactNode } from 'react';
import type { Session } from '@svc/contracts';
import { AntdProvider } from '@/app/layout/AntdProvider';
import { configureApi } from '@/lib/api/environment';
import { SessionContext } from '@/lib/session-context';
import type { Language } from '@/i18n/languages';
import { fakeServer, renderAt } from './render';

type Handlers = Parameters<typeof fakeServer>[0];

let rsaKey: string | undefined;
/** One RSA key for the whole test file: generating it costs a noticeable moment. */
export function testPublicKey(): string {
  rsaKey ??= generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  }).publicKey;
  return rsaKey;
}

/** A sub-account holding exactly `keys`; override anything else. */
export function sessionWith(keys: string[], over: Partial<Session> = {}): Session {
  return {
    loginName: 'manager1',
    name: 'Wang Fang',
    isSuperMan: false,
    isCloudAccount: false,
    showAiServices: false,
    roles: [{ id: 1, roleName: 'Managers' }],
    userPrivilegeKeys: keys,
    privilegeList: [],
    logoUrl: null,
    userLoginInfo: { id: 100, enterpriseId: 2, loginMode: 'sub' },
    userAccount: { loginName: 'manager1', name: 'Wang Fang', mobile: null, email: null, enterpriseName: 'Acme' },
    ...over,
  };
}

/** antd with the console's locale and theme and, given a session, the signed-in session around `children`. */
export function InConsole({ session, children }: { session?: Session; children: ReactNode }) {
  return (
    <AntdProvider>{session ? <SessionContext value={session}>{children}</SessionContext> : children}</AntdProvider>
  );
}

/** Renders `element` as a console page would be; answers calls from `handlers` and records them. */
export async function renderInConsole(
  element: ReactElement,
  { session, handlers, language }: { session: Session; handlers: Handlers; language?: Language },
) {
  const fake = fakeServer({
    '/rsa/getkey': () => ({ code: 1, data: { publicKey: testPublicKey(), algorithm: 'RSA-OAEP-256' } }),
    ...handlers,
  });
  configureApi({ fetch: fake.fetch });
  const view = await renderAt(
    '/page',
    [
      {
        path: '/page',
        element: <InConsole session={session}>{element}</InConsole>,
      },
    ],
    { language },
  );
  return { ...view, fake, callsTo: (path: string) => fake.calls.filter((c) => c.path === path) };
}
