// The built console on the API's port: client routes get index.html with the layout cookie,
// assets go out pre-compressed, a build swapped in is served at once, and the API keeps its envelope.
import { mkdirSync, mkdtempSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helper.js';

let t: TestApp;
// As scripts/build-web.mjs lays it out: the served folder is a link to one build among several.
const web = mkdtempSync(join(tmpdir(), 'web-dist-'));
const dist = join(web, 'dist');
const script = 'console.log("console");'.repeat(50);

/** Points the link at another build the way the build script does: a new link renamed over the old one. */
function swapTo(build: string): void {
  symlinkSync(join(web, build), join(web, 'dist.next'));
  renameSync(join(web, 'dist.next'), dist);
}

beforeAll(async () => {
  const first = join(web, 'build-1');
  mkdirSync(join(first, 'assets'), { recursive: true });
  writeFileSync(join(first, 'index.html'), '<!doctype html><title>console</title><div id="root"></div>');
  writeFileSync(join(first, 'assets', 'app-1234.js'), script);
  writeFileSync(join(first, 'assets', 'app-1234.js.gz'), gzipSync(script));
  writeFileSync(join(first, 'robots.txt'), 'User-agent: *\n');
  swapTo('build-1');
  t = await createTestApp({ WEB_DIST: dist });
});
afterAll(async () => {
  await t.close();
  rmSync(web, { recursive: true, force: true });
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

  it('serves the build’s top-level files as they are', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('User-agent: *\n');
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
  });

  it('answers a missing asset with a 404, not with index.html a script loader would choke on', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/Gone-abcd.js' });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('<div id="root">');
  });

  it('keeps asset paths inside the build', async () => {
    writeFileSync(join(web, 'secret.txt'), 'not the console’s');
    for (const url of [
      '/assets/../../secret.txt',
      '/assets/..%2f..%2fsecret.txt',
      '/assets/%2e%2e/%2e%2e/secret.txt',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.body, url).not.toContain('not the console’s');
      // Dots resolve as a browser's would (to /secret.txt, a console route); an encoded slash keeps them
      // inside the asset path, which then names no asset.
      if (url.includes('%2f')) expect(JSON.parse(res.body), url).toMatchObject({ code: 404 });
    }
  });

  it('serves a build swapped in while it runs: its new files, its index.html, and no longer the old build’s', async () => {
    const second = join(web, 'build-2');
    mkdirSync(join(second, 'assets'), { recursive: true });
    writeFileSync(join(second, 'index.html'), '<!doctype html><title>console 2</title><div id="root"></div>');
    writeFileSync(join(second, 'assets', 'app-5678.js'), 'console.log(2);');
    swapTo('build-2');
    try {
      const asset = await t.app.inject({ method: 'GET', url: '/assets/app-5678.js' });
      expect(asset.statusCode).toBe(200);
      expect(asset.body).toBe('console.log(2);');
      expect(asset.headers['content-type']).toMatch(/javascript/);
      expect((await t.app.inject({ method: 'GET', url: '/devices' })).body).toContain('console 2');
      expect((await t.app.inject({ method: 'GET', url: '/assets/app-1234.js' })).statusCode).toBe(404);
    } finally {
      swapTo('build-1');
    }
  });

  it('keeps unknown API routes in the envelope rather than the console', async () => {
    const res = await t.call({ method: 'GET', url: '/api/nope' });
    expect(res).toMatchObject({ status: 404, body: { code: 404 } });
  });

  it('names the product in the caller’s language unless CONSOLE_TITLE is set', async () => {
    const title = async (language: string) =>
      ((await t.call({ method: 'POST', url: '/api/index/info', headers: { language } })).body.data as { title: string })
        .title;
    expect(await title('en-US')).toBe('Cloud Surveillance Console');
    expect(await title('zh-CN')).toBe('云视频监控平台');
    // The same product name as the web console's (common:product.name).
    expect(await title('zh-TW')).toBe('雲端影像監控平台');
  });
});
