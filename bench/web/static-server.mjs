// A production-like front for the built console: precompressed assets (br/gzip), immutable caching, SPA fallback,
// and /api, /rsa either proxied to the real server or answered by a small stub when no server runs.
import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer, request as httpRequest } from 'node:http';
import { extname, join, normalize } from 'node:path';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
};

/** Answers of the stub API: a super administrator with no projects, enough to render the console. */
const STUB = {
  '/api/index/info': {
    title: 'Surveillance Console',
    logoUrl: null,
    backgroundUrl: null,
    loginCaptcha: 'after-failures',
  },
  '/api/session/get': {
    loginName: 'admin',
    name: 'admin',
    isSuperMan: true,
    isCloudAccount: false,
    roles: [],
    userPrivilegeKeys: [],
    privilegeList: [],
    logoUrl: null,
    userLoginInfo: { id: 1, enterpriseId: 1, loginMode: 'main' },
    userAccount: { loginName: 'admin', name: 'admin', mobile: null, email: null, enterpriseName: 'Platform' },
  },
};

export function startStaticServer({ dist, apiTarget }) {
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://bench.local');
    if (/^\/(api|rsa|healthz)(\/|$)/.test(url.pathname)) return api(req, res, url, apiTarget);
    let file = normalize(join(dist, decodeURIComponent(url.pathname)));
    if (!file.startsWith(dist) || !existsSync(file) || statSync(file).isDirectory()) file = join(dist, 'index.html');
    const accept = String(req.headers['accept-encoding'] ?? '');
    const headers = {
      'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
      'cache-control': file.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
      vary: 'accept-encoding',
    };
    let body = file;
    if (accept.includes('br') && existsSync(`${file}.br`)) {
      body = `${file}.br`;
      headers['content-encoding'] = 'br';
    } else if (accept.includes('gzip') && existsSync(`${file}.gz`)) {
      body = `${file}.gz`;
      headers['content-encoding'] = 'gzip';
    }
    headers['content-length'] = statSync(body).size;
    res.writeHead(200, headers);
    createReadStream(body).pipe(res);
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      resolve({ url: `http://127.0.0.1:${server.address().port}`, close: () => new Promise((r) => server.close(r)) });
    });
  });
}

function api(req, res, url, apiTarget) {
  if (!apiTarget) {
    const data = STUB[url.pathname];
    res.writeHead(data ? 200 : 404, { 'content-type': 'application/json' });
    res.end(JSON.stringify(data ? { code: 1, msg: 'Success', data } : { code: 404, msg: 'Not found.', data: null }));
    return;
  }
  const target = new URL(url.pathname + url.search, apiTarget);
  const upstream = httpRequest(target, { method: req.method, headers: { ...req.headers, host: target.host } }, (up) => {
    res.writeHead(up.statusCode ?? 502, up.headers);
    up.pipe(res);
  });
  upstream.on('error', () => {
    res.writeHead(502, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ code: 502, msg: 'Bad gateway', data: null }));
  });
  req.pipe(upstream);
}
