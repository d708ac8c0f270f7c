// The route guard of SPEC §2 and where sign-in may send the user back to.
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { at, renderAt } from '@/test/render';
import { RequireToken } from './guard';
import { safeRedirect } from '@/lib/redirect';
import { clearSession, markSignedIn } from '@/lib/session/storage';

const routes = [
  at('/home', <p>sign-in</p>),
  at(
    '/platform/basic',
    <RequireToken>
      <p>personal</p>
    </RequireToken>,
  ),
  at(
    '/',
    <RequireToken>
      <p>root</p>
    </RequireToken>,
  ),
];

afterEach(() => clearSession());

describe('RequireToken', () => {
  it('sends a visitor not signed in to sign-in, remembering the page', async () => {
    const { router } = await renderAt('/platform/basic?tab=1', routes);
    expect(await screen.findByText('sign-in')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/home');
    expect(router.state.location.search).toBe('?redirect=%2Fplatform%2Fbasic%3Ftab%3D1');
  });

  it('adds no redirect for the bare root', async () => {
    const { router } = await renderAt('/', routes);
    expect(await screen.findByText('sign-in')).toBeTruthy();
    expect(router.state.location.search).toBe('');
  });

  it('lets a signed-in visitor through', async () => {
    markSignedIn();
    await renderAt('/platform/basic', routes);
    expect(await screen.findByText('personal')).toBeTruthy();
  });

  it('no longer takes a script-readable token cookie (an older console’s) for a sign-in', async () => {
    document.cookie = 'token=tok; Path=/';
    await renderAt('/platform/basic', routes);
    expect(await screen.findByText('sign-in')).toBeTruthy();
  });
});

describe('safeRedirect', () => {
  it('keeps console paths and refuses other origins and public pages', () => {
    expect(safeRedirect('/platform/basic?x=1')).toBe('/platform/basic?x=1');
    expect(safeRedirect(null)).toBe('/project/index');
    expect(safeRedirect('https://evil.example')).toBe('/project/index');
    expect(safeRedirect('//evil.example/x')).toBe('/project/index');
    expect(safeRedirect('/\\evil.example')).toBe('/project/index');
    expect(safeRedirect('/home')).toBe('/project/index');
    expect(safeRedirect('/findback/code')).toBe('/project/index');
  });
});
