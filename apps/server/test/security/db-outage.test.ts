// A database that refuses connections for a second while lists run: the console answers 5xx for
// that second, never stops, and answers again once the database is back. PostgreSQL only (CI's
// second server run): the app reaches it through a TCP proxy the test can close.
import { createServer, connect, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, createTestApp, type TestApp } from '../helper.js';
import { until } from '../wait.js';

const realUrl = process.env.TEST_DATABASE_URL;

/** Forwards to the database; `outage(ms)` drops every connection and refuses new ones for ms. */
async function databaseProxy(host: string, targetPort: number) {
  const sockets = new Set<Socket>();
  const server: Server = createServer((client) => {
    const upstream = connect(targetPort, host);
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
      s.on('error', () => s.destroy());
    }
    client.pipe(upstream).pipe(client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  return {
    port,
    async outage(ms: number) {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const s of sockets) s.destroy();
      });
      await new Promise((resolve) => setTimeout(resolve, ms));
      await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe.skipIf(!realUrl)('a database outage', () => {
  let t: TestApp;
  let proxy: Awaited<ReturnType<typeof databaseProxy>>;
  let token: string;

  beforeAll(async () => {
    const url = new URL(realUrl!);
    proxy = await databaseProxy(url.hostname, Number(url.port || 5432));
    url.hostname = '127.0.0.1';
    url.port = String(proxy.port);
    // The harness opens the test's database from this variable.
    process.env.TEST_DATABASE_URL = url.toString();
    try {
      t = await createTestApp();
    } finally {
      process.env.TEST_DATABASE_URL = realUrl;
    }
    token = await t.login(ADMIN.loginName, ADMIN.password);
  });
  afterAll(async () => {
    await t.close();
    await proxy.close();
  });

  const lists = () =>
    Promise.all(
      [
        { url: '/api/device/page/queryBySn', payload: { page: 1, size: 10, sn: 'abc' } },
        { url: '/api/device/page/queryList', payload: { page: 1, size: 10, text: 'abc' } },
        { url: '/api/employee/query', payload: { page: 1, size: 10, name: 'abc' } },
        { url: '/api/enterprise/query', payload: { page: 1, size: 10, name: 'abc' } },
      ].map((r) => t.call({ method: 'POST', headers: { xaccesstoken: token }, ...r })),
    );

  it('answers 5xx while the database refuses connections, then answers again', async () => {
    expect((await lists()).map((r) => r.body.code)).toEqual([1, 1, 1, 1]);
    const down = proxy.outage(1000);
    const during: number[] = [];
    const health: number[] = [];
    const started = Date.now();
    while (Date.now() - started < 800) {
      during.push(...(await lists()).map((r) => r.status));
      health.push((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode);
    }
    await down;
    expect(during.length).toBeGreaterThan(4);
    expect(during.every((s) => s === 200 || s >= 500)).toBe(true);
    expect(during.some((s) => s >= 500)).toBe(true);
    expect(health).toContain(503);
    // Back: the pool opens new connections, and every list answers again.
    await until('lists to answer again', async () => (await lists()).every((r) => r.body.code === 1), 10_000, 100);
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
  });
});
