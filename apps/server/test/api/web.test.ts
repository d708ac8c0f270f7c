// The built console on the API's port: client routes get index.html with the layout cookie,
// assets go out pre-compressed, and the API keeps its envelope (issue 3 §1).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helper.js';

let t: TestApp;
const dist = mkdtempSync(join(tmpdir(), 'web-dist-'));
const script = 'console.log("console");'.repeat(50);

beforeAll(async () => {
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>console</title><div id="root"></div>');
  writeFileSync(join(dist, 'assets', 'app-1234.js'), script);
  writeFileSync(join(dist, 'assets', 'app-1234.js.gz'), gzipSync(script));
  t = await createTestApp({ WEB_DIST: dist });
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('serving the console', () => {
  it('answers any client route with index.html, fresh, carrying the layout cookie', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/project/index?x=1' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<div id="root">');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(String(res.headers['set-cookie'])).toMatch(/^layoutType=standard; Max-Age=\d+; Path=\//);
    const again = await t.app.inject({ method: 'GET', url: '/home', cookies: { layoutType: 'custom' } });
    expect(again.headers['set-cookie']).toBeUndefined();
  });

  it('sends the pre-compressed asset to a client that accepts gzip, cached for good', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/assets/app-1234.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['cache-control']).toContain('immutable');
    expect(res.rawPayload.length).toBeLessThan(script.length);
  });

  it('keeps unknown API routes in the envelope rather than the console', async () => {
    const res = await t.call({ method: 'GET', url: '/api/nope' });
    expect(res).toMatchObject({ status: 404, body: { code: 404 } });
  });

  it('names the product in the caller’s language unless CONSOLE_TITLE is set', async () => {
    const title = async (language: string) =>
      ((await t.call({ method: 'POST', url: '/api/index/info', headers: { language } })).body.data as { title: string })
        .title;
    expect(await title('en-US')).toBe('Surveillance Console');
    expect(await title('zh-CN')).toBe('云视频监控平台');
    // The same product name as the web console's (common:product.name).
    expect(await title('zh-TW')).toBe('雲端影像監控平台');
  });
});
