// A page chunk that does not load is tried once more, then the console asks for a reload in the user's language:
// never a blank page, never a new request on each render.
import { useState } from 'react';
import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderAt } from '@/test/render';
import { inflight } from '@/lib/api/inflight';
import { AntdProvider } from './layout/AntdProvider';
import { PageGate } from './layout/PageGate';
import { ChunkLoadError, CHUNK_RETRY_DELAY_MS, CHUNK_TIMEOUT_MS, lazyPage, withChunkRetry } from './lazy-page';
import type { PageModule, RouteDef } from './routes';
import { RouteError } from './RouteError';
import { LOCALES } from '@/i18n/locales';
import type { AccessSubject } from '@/lib/access';

const missing = () => new TypeError('Failed to fetch dynamically imported module: /assets/DeviceListPage-x1.js');
const Page = () => <p>the page</p>;
const SUPER: AccessSubject = { isSuperMan: true, isCloudAccount: false, userPrivilegeKeys: [], privilegeList: [] };

beforeEach(() => {
  // React reports every error an error boundary catches on the console; here they are the point.
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('withChunkRetry', () => {
  it('tries a failed chunk once more after a short pause and then has the page', async () => {
    vi.useFakeTimers();
    const loader = vi
      .fn<() => Promise<PageModule>>()
      .mockRejectedValueOnce(missing())
      .mockResolvedValue({ default: Page });
    const loading = withChunkRetry(loader)();
    await vi.advanceTimersByTimeAsync(CHUNK_RETRY_DELAY_MS - 1);
    expect(loader).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    await expect(loading).resolves.toEqual({ default: Page });
    expect(loader).toHaveBeenCalledTimes(2);
    expect(inflight.get()).toBe(0);
  });

  it('gives up after the second failure with a ChunkLoadError, and calls nothing after that', async () => {
    vi.useFakeTimers();
    const loader = vi.fn<() => Promise<PageModule>>().mockRejectedValue(missing());
    const loading = withChunkRetry(loader)();
    const settled = expect(loading).rejects.toBeInstanceOf(ChunkLoadError);
    await vi.advanceTimersByTimeAsync(CHUNK_TIMEOUT_MS * 3);
    await settled;
    expect(loader).toHaveBeenCalledTimes(2);
    expect(inflight.get()).toBe(0);
  });

  it('keeps both attempts inside the SPEC §9 timeout: a chunk that hangs for 120 s is not retried', async () => {
    vi.useFakeTimers();
    const loader = vi.fn(() => new Promise<PageModule>(() => {}));
    const loading = withChunkRetry(loader)();
    const settled = expect(loading).rejects.toThrow(/timed out after 120000 ms/);
    await vi.advanceTimersByTimeAsync(CHUNK_TIMEOUT_MS);
    await settled;
    expect(loader).toHaveBeenCalledTimes(1);
  });
});

function pageRoute(page: () => Promise<PageModule>): RouteDef {
  return { path: '/project/device', titleKey: 'menu.deviceList', page };
}

let rerender: () => void = () => {};

/** The page inside something that re-renders it on demand, as the tabs and the layout do. */
function Harness({ route }: { route: RouteDef }) {
  const [renders, setRenders] = useState(0);
  rerender = () => setRenders((n) => n + 1);
  return (
    <AntdProvider>
      <span data-testid="renders">{renders}</span>
      <PageGate route={route} subject={SUPER} />
    </AntdProvider>
  );
}

function renderGate(route: RouteDef, language: 'en-US' | 'zh-CN' | 'zh-TW' = 'en-US') {
  return renderAt('/page', [{ path: '/page', element: <Harness route={route} /> }], { language });
}

describe('a console page whose chunk is gone', () => {
  it('shows the new-version prompt with a reload button after exactly two attempts, however often it renders', async () => {
    const loader = vi.fn<() => Promise<PageModule>>().mockRejectedValue(missing());
    const route = pageRoute(loader);
    await renderGate(route);
    expect(await screen.findByText('A new version of the console is available', {}, { timeout: 5_000 })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeTruthy();
    // Re-renders around the page (tabs, layout, the loading bar) must not start a fresh load.
    for (let i = 1; i <= 5; i++) {
      act(() => rerender());
      expect(screen.getByTestId('renders').textContent).toBe(String(i));
    }
    expect(lazyPage(route.page)).toBe(lazyPage(route.page));
    await act(() => new Promise((resolve) => setTimeout(resolve, CHUNK_RETRY_DELAY_MS * 2)));
    expect(loader).toHaveBeenCalledTimes(2);
    expect(screen.queryByText('the page')).toBeNull();
  });

  it('speaks the user’s language', async () => {
    await renderGate(
      pageRoute(() => Promise.reject(missing())),
      'zh-CN',
    );
    expect(await screen.findByText('控制台有新版本可用', {}, { timeout: 5_000 })).toBeTruthy();
    expect(screen.getByRole('button', { name: '刷 新' })).toBeTruthy();
  });

  it('loads the page when the retry succeeds, without any prompt', async () => {
    const loader = vi
      .fn<() => Promise<PageModule>>()
      .mockRejectedValueOnce(missing())
      .mockResolvedValue({ default: Page });
    await renderGate(pageRoute(loader));
    expect(await screen.findByText('the page', {}, { timeout: 5_000 })).toBeTruthy();
    expect(screen.queryByText('A new version of the console is available')).toBeNull();
  });
});

describe('outside a console page', () => {
  it('the router’s error view asks for a reload when the console’s own chunk is gone', async () => {
    const loader = vi.fn<() => Promise<PageModule>>().mockRejectedValue(missing());
    const Root = lazyPage(loader);
    await renderAt('/', [{ path: '/', element: <Root />, errorElement: <RouteError /> }], { language: 'zh-TW' });
    expect(await screen.findByText('控制台有新版本可用', {}, { timeout: 5_000 })).toBeTruthy();
    expect(screen.getByRole('button', { name: '重新整理' })).toBeTruthy();
    expect(loader).toHaveBeenCalledTimes(2);
  });

  it('the router’s error view keeps its crash wording for a page that threw', async () => {
    function Crash(): never {
      throw new Error('boom');
    }
    await renderAt('/', [{ path: '/', element: <Crash />, errorElement: <RouteError /> }]);
    expect(await screen.findByText('This page could not be shown')).toBeTruthy();
  });

  it('antd’s locale chunk failing shows the prompt instead of an empty console', async () => {
    const antd = vi.spyOn(LOCALES['en-US'], 'antd').mockRejectedValue(missing());
    await renderAt('/', [{ path: '/', element: <AntdProvider>the console</AntdProvider> }]);
    expect(await screen.findByText('A new version of the console is available', {}, { timeout: 5_000 })).toBeTruthy();
    expect(screen.queryByText('the console')).toBeNull();
    expect(antd).toHaveBeenCalledTimes(2);
  });
});
