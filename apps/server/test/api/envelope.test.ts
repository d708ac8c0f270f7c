// The API contract every domain shares: envelope, codes, languages, statuses, OpenAPI, operability.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helper.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('envelope and languages', () => {
  it('wraps success as {code: 1, msg, data}', async () => {
    const res = await t.call({ method: 'POST', url: '/api/index/info' });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(['code', 'data', 'msg']);
    expect(res.body).toMatchObject({ code: 1, msg: 'Success' });
  });

  it.each([
    ['zh-CN', '请求的资源不存在'],
    ['zh-TW', '請求的資源不存在'],
    ['en-US', 'Not found.'],
    ['fr-FR', 'Not found.'],
    [undefined, 'Not found.'],
  ])('answers an unknown API route with 404 in the envelope, msg in %s', async (language, msg) => {
    const res = await t.call({
      method: 'POST',
      url: '/api/no/such/route',
      ...(language ? { headers: { language } } : {}),
    });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ code: 404, msg });
  });

  it('answers an unknown path outside the API with 404 when no console is built', async () => {
    const res = await t.call({ method: 'GET', url: '/project/index' });
    expect(res.status).toBe(404);
  });

  it('mirrors the class of a code in the HTTP status', async () => {
    expect((await t.call({ method: 'GET', url: '/api/session/get' })).status).toBe(401);
    const bad = await t.call({ method: 'POST', url: '/api/session/login/rsa', payload: {} });
    expect(bad.status).toBe(400);
  });

  it('names the field and the rule in a 4000, in the caller’s language', async () => {
    const res = await t.call({
      method: 'POST',
      url: '/api/session/login/rsa',
      headers: { language: 'zh-CN' },
      payload: { loginName: '1abc', password: 'QUJD' },
    });
    expect(res.body.code).toBe(4000);
    expect(res.body.msg).toContain('loginName');
    expect(res.body.msg).toMatch(/[\u4e00-\u9fa5]/);
  });
});

describe('OpenAPI', () => {
  it('serves a document generated from the schemas at /swagger/json', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/swagger/json' });
    const doc = res.json<{
      openapi: string;
      paths: Record<string, Record<string, { requestBody?: unknown; security?: unknown[] }>>;
      components: { schemas: Record<string, { properties?: Record<string, unknown> }> };
    }>();
    expect(doc.openapi).toMatch(/^3\./);
    for (const path of [
      '/rsa/getkey',
      '/api/session/login/rsa',
      '/api/session/get',
      '/api/session/logOut',
      '/api/reset/resetPw',
    ]) {
      expect(Object.keys(doc.paths)).toContain(path);
    }
    const login = doc.paths['/api/session/login/rsa']!.post!;
    expect(JSON.stringify(login.requestBody)).toContain('#/components/schemas/LoginRsa');
    expect(Object.keys(doc.components.schemas.LoginRsa!.properties!)).toEqual(
      expect.arrayContaining(['loginName', 'password', 'loginMode', 'verificationCode', 'verificationKey']),
    );
    expect(login.security).toEqual([]);
    expect(doc.paths['/api/session/get']!.get!.security).toBeUndefined();
  });

  it('serves its UI at /swagger', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/swagger/' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('swagger');
  });
});

describe('operability', () => {
  it('answers /healthz after checking the database', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.json()).toEqual({ status: 'ok', database: 'ok' });
  });

  it('exposes Prometheus metrics with answers counted by route pattern', async () => {
    await t.call({ method: 'GET', url: '/api/session/get' });
    const res = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(res.headers['content-type']).toContain('text/plain');
    expect(res.body).toContain('process_cpu_user_seconds_total');
    expect(res.body).toMatch(
      /http_request_duration_seconds_count\{route="\/api\/session\/get",method="GET",status="401"\} \d+/,
    );
  });
});

describe('failures inside', () => {
  it('answers 502 with no stack trace or SQL when the database fails, and /healthz says 503', async () => {
    const broken = await createTestApp();
    try {
      await broken.db.destroy();
      const res = await broken.call({
        method: 'POST',
        url: '/api/session/login/rsa',
        payload: { loginName: 'admin', password: await broken.encrypt('Admin@12345') },
      });
      expect(res.status).toBe(500);
      expect(res.body).toEqual({ code: 502, msg: 'Internal server error. Please try again later.' });
      const raw = JSON.stringify(res.body);
      expect(raw).not.toMatch(/select|insert|at \w+ \(|\.ts:/i);
      expect((await broken.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(503);
    } finally {
      await broken.close();
    }
  });
});
