// The api client against SPEC §8: each response-code row, public routes, headers, timeouts and blob downloads.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ApiError,
  createApiClient,
  MAIN_TIMEOUT_MS,
  PLAYBACK_LIST_PATH,
  QUICK_TIMEOUT_MS,
  api,
  quickApi,
} from './client';
import { configureApi, resetApiEnvironment } from './environment';
import { inflight } from './inflight';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function setup(answer: (url: string, init: RequestInit) => Promise<Response>, publicRoute = false) {
  const calls: { url: string; init: RequestInit }[] = [];
  const env = {
    showError: vi.fn(),
    navigate: vi.fn(),
    clearSession: vi.fn(),
    saveFile: vi.fn(),
  };
  configureApi({
    ...env,
    language: () => 'zh-TW',
    timezone: () => 'Asia/Taipei',
    isPublicRoute: () => publicRoute,
    message: (kind) => `client.${kind}`,
    fetch: (url, init) => {
      calls.push({ url, init });
      return answer(url, init);
    },
  });
  return { env, calls };
}

const client = createApiClient({ timeoutMs: MAIN_TIMEOUT_MS });

afterEach(() => {
  resetApiEnvironment();
  vi.useRealTimers();
});

describe('api client: response codes of SPEC §8', () => {
  it('code 1 resolves with the data and shows nothing', async () => {
    const { env } = setup(async () => json({ code: 1, msg: 'ok', data: { a: 1 } }));
    await expect(client.get('/api/x')).resolves.toEqual({ a: 1 });
    expect(env.showError).not.toHaveBeenCalled();
  });

  it('1001 shows the message, clears the signed-in state and goes home', async () => {
    const { env } = setup(async () => json({ code: 1001, msg: 'expired', data: null }, 401));
    await expect(client.get('/api/session/get')).rejects.toMatchObject({ code: 1001, message: 'expired' });
    expect(env.showError).toHaveBeenCalledWith('expired');
    expect(env.clearSession).toHaveBeenCalledOnce();
    expect(env.navigate).toHaveBeenCalledWith('/home', 'expired');
  });

  it('502 shows the message and goes to /500 without clearing the session', async () => {
    const { env } = setup(async () => json({ code: 502, msg: 'boom', data: null }, 500));
    await expect(client.post('/api/x', {})).rejects.toMatchObject({ code: 502 });
    expect(env.showError).toHaveBeenCalledWith('boom');
    expect(env.navigate).toHaveBeenCalledWith('/500', 'boom');
    expect(env.clearSession).not.toHaveBeenCalled();
  });

  it('14054 passes through silently', async () => {
    const { env } = setup(async () => json({ code: 14054, msg: 'ignored', data: { x: 2 } }));
    await expect(client.request('/api/x')).resolves.toMatchObject({ code: 14054, data: { x: 2 } });
    expect(env.showError).not.toHaveBeenCalled();
  });

  it.each([1002, 14004, 111])('%i shows the message and rejects', async (code) => {
    const { env } = setup(async () => json({ code, msg: `m${code}`, data: { captchaRequired: true } }, 400));
    const error = await client.post('/api/x', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ kind: 'code', code, data: { captchaRequired: true } });
    expect(env.showError).toHaveBeenCalledWith(`m${code}`);
    expect(env.navigate).not.toHaveBeenCalled();
  });

  it('113 passes through on the playback list only', async () => {
    const { env } = setup(async () => json({ code: 113, msg: 'none', data: [] }));
    await expect(client.request(PLAYBACK_LIST_PATH, { body: {} })).resolves.toMatchObject({ code: 113 });
    expect(env.showError).not.toHaveBeenCalled();
    await expect(client.request('/api/alarm/page/query', { body: {} })).rejects.toMatchObject({ code: 113 });
    expect(env.showError).toHaveBeenCalledWith('none');
  });

  it('any other code shows the message, stops the spinner and rejects', async () => {
    const { env } = setup(async () => json({ code: 4117, msg: 'no permission', data: null }, 403));
    const seen: number[] = [];
    const unsubscribe = inflight.subscribe(() => seen.push(inflight.get()));
    await expect(client.post('/api/x', {})).rejects.toMatchObject({ code: 4117 });
    unsubscribe();
    expect(seen).toEqual([1, 0]);
    expect(env.showError).toHaveBeenCalledWith('no permission');
  });

  it('a transport error shows the generic message', async () => {
    const { env } = setup(() => Promise.reject(new TypeError('Failed to fetch')));
    await expect(client.get('/api/x')).rejects.toMatchObject({ kind: 'transport', code: -1 });
    expect(env.showError).toHaveBeenCalledWith('client.transport');
  });

  it('an answer that is not an envelope is a transport error', async () => {
    const { env } = setup(async () => new Response('<html>Bad gateway</html>', { status: 502 }));
    await expect(client.get('/api/x')).rejects.toMatchObject({ kind: 'transport' });
    expect(env.showError).toHaveBeenCalledWith('client.transport');
  });

  it('quiet calls leave the message to the page but still follow 1001', async () => {
    const { env } = setup(async () => json({ code: 4000, msg: 'bad field', data: null }, 400));
    await expect(client.post('/api/x', {}, { quiet: true })).rejects.toMatchObject({ code: 4000 });
    expect(env.showError).not.toHaveBeenCalled();
    const expired = setup(async () => json({ code: 1001, msg: 'expired', data: null }, 401));
    await expect(client.post('/api/x', {}, { quiet: true })).rejects.toMatchObject({ code: 1001 });
    expect(expired.env.navigate).toHaveBeenCalledWith('/home', 'expired');
  });
});

describe('api client: public routes skip the error interceptor', () => {
  it('rejects 1001 and 502 without message, clearing or redirect', async () => {
    for (const code of [1001, 502, 14020]) {
      const { env } = setup(async () => json({ code, msg: 'x', data: null }, 400), true);
      await expect(client.post('/api/session/login/rsa', {})).rejects.toMatchObject({ code });
      expect(env.showError).not.toHaveBeenCalled();
      expect(env.clearSession).not.toHaveBeenCalled();
      expect(env.navigate).not.toHaveBeenCalled();
    }
  });
});

describe('api client: requests', () => {
  it('sends language, timezone and console headers but never a token, JSON bodies and query strings', async () => {
    const { calls } = setup(async () => json({ code: 1, msg: '', data: null }));
    await client.post('/api/session/login/rsa', { loginName: 'admin' });
    await client.get('/api/reset/sendCode', { userName: 'a b', type: 'email', skip: undefined });
    await client.post('/api/index/info');
    const [post, get, bare] = calls;
    expect(post!.init.method).toBe('POST');
    expect(post!.init.headers).toMatchObject({
      language: 'zh-TW',
      timezone: 'Asia/Taipei',
      'x-console-request': '1',
      'content-type': 'application/json',
    });
    // The token travels only in its HttpOnly cookie, which the browser adds (same-origin credentials).
    expect(post!.init.headers).not.toHaveProperty('xaccesstoken');
    expect(post!.init.credentials).toBe('same-origin');
    expect(get!.init.headers).toMatchObject({ 'x-console-request': '1' });
    expect(post!.init.body).toBe('{"loginName":"admin"}');
    expect(get!.url).toBe('/api/reset/sendCode?userName=a+b&type=email');
    expect(get!.init.method).toBe('GET');
    // A bodiless POST sends no JSON content type (the server would reject an empty JSON body).
    expect(bare!.init.method).toBe('POST');
    expect(bare!.init.body).toBeUndefined();
    expect(bare!.init.headers).not.toHaveProperty('content-type');
  });

  it('uploads a file as multipart without a JSON content type', async () => {
    const { calls } = setup(async () => json({ code: 1, msg: '', data: { id: 9 } }));
    const file = new File(['loginName,name'], 'staff.csv', { type: 'text/csv' });
    await expect(client.upload('/api/employee/import', file)).resolves.toEqual({ id: 9 });
    const [call] = calls;
    expect(call!.init.method).toBe('POST');
    expect(call!.init.headers).not.toHaveProperty('content-type');
    expect(call!.init.headers).toMatchObject({ 'x-console-request': '1' });
    const form = call!.init.body as FormData;
    expect((form.get('file') as File).name).toBe('staff.csv');
  });

  it('the main client waits 60 s and the secondary client 5 s', () => {
    expect(api.timeoutMs).toBe(60_000);
    expect(quickApi.timeoutMs).toBe(5_000);
    expect([MAIN_TIMEOUT_MS, QUICK_TIMEOUT_MS]).toEqual([60_000, 5_000]);
  });
});

describe('api client: timeouts', () => {
  beforeEach(() => vi.useFakeTimers());
  const hang = (_url: string, init: RequestInit) =>
    new Promise<Response>((_, rejectFetch) => {
      init.signal?.addEventListener('abort', () => rejectFetch(new DOMException('aborted', 'AbortError')));
    });

  it('gives up after the timeout with the timeout message', async () => {
    const { env } = setup(hang);
    const quick = createApiClient({ timeoutMs: QUICK_TIMEOUT_MS });
    const pending = quick.get('/api/x').catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(QUICK_TIMEOUT_MS - 1);
    expect(env.showError).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    await expect(pending).resolves.toMatchObject({ kind: 'timeout', code: -1 });
    expect(env.showError).toHaveBeenCalledWith('client.timeout');
  });

  it('the main client is still waiting at 59 s', async () => {
    setup(hang);
    let settled = false;
    const pending = client
      .get('/api/x')
      .catch((e: unknown) => e)
      .finally(() => (settled = true));
    await vi.advanceTimersByTimeAsync(59_000);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1_000);
    await expect(pending).resolves.toMatchObject({ kind: 'timeout' });
  });

  it('a caller cancel is not reported as a failure', async () => {
    const { env } = setup(hang);
    const caller = new AbortController();
    const pending = client.get('/api/x', undefined, { signal: caller.signal }).catch((e: unknown) => e);
    caller.abort();
    const error = await pending;
    expect(error).not.toBeInstanceOf(ApiError);
    expect(env.showError).not.toHaveBeenCalled();
  });
});

describe('api client: blob downloads', () => {
  it('saves the blob under the name from content-disposition', async () => {
    const { env } = setup(
      async () =>
        new Response('a,b\n1,2\n', {
          headers: {
            'content-type': 'text/csv',
            'content-disposition': `attachment; filename="alarms.csv"; filename*=UTF-8''%E5%91%8A%E8%AD%A6.csv`,
          },
        }),
    );
    const { filename, blob } = await client.download('/api/alarm/export', { body: { ids: [1] } });
    expect(filename).toBe('告警.csv');
    expect(await blob.text()).toBe('a,b\n1,2\n');
    expect(env.saveFile).toHaveBeenCalledWith(blob, '告警.csv');
  });

  it('falls back to the given name when the answer names no file', async () => {
    setup(async () => new Response('x', { headers: { 'content-type': 'application/octet-stream' } }));
    await expect(client.download('/api/x', { fallbackName: 'report.xlsx' })).resolves.toMatchObject({
      filename: 'report.xlsx',
    });
  });

  it('a JSON answer instead of a file follows the code table', async () => {
    const { env } = setup(async () => json({ code: 4117, msg: 'no permission', data: null }, 403));
    await expect(client.download('/api/x')).rejects.toMatchObject({ code: 4117 });
    expect(env.showError).toHaveBeenCalledWith('no permission');
    expect(env.saveFile).not.toHaveBeenCalled();
  });
});
