// `npm run demo`: the console with a simulated fleet — two projects, cameras and an 8-channel NVR
// registering over GB28181 — so a newcomer sees live video minutes after cloning. The fleet is
// created through the API once (idempotent), then the simulator runs in this process.
import { constants, publicEncrypt } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { createSimulator, type Simulator } from '@svc/device-sim';
import { loadConfig } from './config.js';
import { die, serve } from './serve.js';

const DEMO = { loginName: 'demo', password: 'Demo@2026pass', enterprise: 'Demo Security Co.' };
const IPC_FIRST = '34020000001320000101';
const NVR_ID = '34020000001180000101';
const CAMERAS = [
  { project: 'Headquarters', name: 'Lobby camera' },
  { project: 'Headquarters', name: 'Car park camera' },
  { project: 'Warehouse', name: 'Loading bay camera' },
  { project: 'Warehouse', name: 'Gate camera' },
];

type Body = { code: number; msg: string; data?: unknown };

async function api(app: FastifyInstance, url: string, payload: unknown, token?: string): Promise<Body> {
  const res = await app.inject({
    method: 'POST',
    url,
    payload: payload as object,
    headers: token ? { xaccesstoken: token } : {},
  });
  const body = res.json<Body>();
  if (body.code !== 1) throw new Error(`${url}: ${body.code} ${body.msg}`);
  return body;
}

async function login(app: FastifyInstance, loginName: string, password: string): Promise<string> {
  const key = (await app.inject({ method: 'GET', url: '/rsa/getkey' })).json<{ data: { publicKey: string } }>().data
    .publicKey;
  const cipher = publicEncrypt(
    { key, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
    Buffer.from(password),
  );
  const body = await api(app, '/api/session/login/rsa', {
    loginName,
    password: cipher.toString('base64'),
    loginMode: 'main',
  });
  return (body.data as { token: string }).token;
}

async function logo(app: FastifyInstance, token: string, rgb: [number, number, number]): Promise<string> {
  const png = await sharp({
    create: { width: 64, height: 64, channels: 3, background: { r: rgb[0], g: rgb[1], b: rgb[2] } },
  })
    .png()
    .toBuffer();
  const boundary = 'demo-boundary';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="logo.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    png,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await app.inject({
    method: 'POST',
    url: '/api/file/project/logoUpload/0',
    payload,
    headers: { xaccesstoken: token, 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
  return res.json<{ data: { url: string } }>().data.url;
}

/** Creates the demo enterprise, projects and devices unless a previous run did. */
async function seed(
  app: FastifyInstance,
  adminLogin: string,
  adminPassword: string,
  sipPassword: string,
): Promise<void> {
  const exists = await app.db
    .selectFrom('user')
    .select('id')
    .where('login_name', '=', DEMO.loginName)
    .executeTakeFirst();
  if (exists) return;
  const admin = await login(app, adminLogin, adminPassword);
  const key = (await app.inject({ method: 'GET', url: '/rsa/getkey' })).json<{ data: { publicKey: string } }>().data
    .publicKey;
  const encrypted = publicEncrypt(
    { key, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
    Buffer.from(DEMO.password),
  ).toString('base64');
  await api(
    app,
    '/api/enterprise/add',
    { name: DEMO.enterprise, loginName: DEMO.loginName, password: encrypted },
    admin,
  );
  const token = await login(app, DEMO.loginName, DEMO.password);
  const projects = new Map<string, number>();
  for (const [i, name] of ['Headquarters', 'Warehouse'].entries()) {
    const proLogo = await logo(app, token, i === 0 ? [24, 119, 242] : [250, 140, 22]);
    const body = await api(app, '/api/project/add', { proName: name, proLogo }, token);
    projects.set(name, (body.data as { id: number }).id);
  }
  for (const [i, cam] of CAMERAS.entries()) {
    await api(
      app,
      '/api/device/add',
      {
        sn: `DEMOIPC${String(i + 1).padStart(6, '0')}`,
        devName: cam.name,
        devType: 'IPC',
        projectId: projects.get(cam.project),
        password: sipPassword,
        gbCode: `${IPC_FIRST.slice(0, 14)}${String(Number(IPC_FIRST.slice(14)) + i).padStart(6, '0')}`,
      },
      token,
    );
  }
  await api(
    app,
    '/api/device/add',
    {
      sn: 'DEMONVR000001',
      devName: 'Warehouse NVR',
      devType: 'NVR',
      projectId: projects.get('Warehouse'),
      password: sipPassword,
      gbCode: NVR_ID,
    },
    token,
  );
}

async function demo(): Promise<void> {
  const config = loadConfig({ DATA_DIR: './data-demo', CONSOLE_ADMIN_PASSWORD: 'Admin@2026demo', ...process.env });
  const sims: Simulator[] = [];
  const app = await serve(config, async () => {
    await Promise.all(sims.map((s) => s.stop()));
  });
  const sipPassword = app.gateway.settings.password;
  await seed(app, config.admin.loginName, config.admin.password ?? '', sipPassword);
  const server = { host: '127.0.0.1', port: app.gateway.settings.port };
  const common = {
    server,
    platformId: config.sip.id,
    domain: config.sip.domain,
    password: sipPassword,
    bindHost: '127.0.0.1',
    log: () => undefined,
  };
  sims.push(createSimulator({ ...common, type: 'ipc', count: CAMERAS.length, firstId: IPC_FIRST, transport: 'udp' }));
  sims.push(createSimulator({ ...common, type: 'nvr', count: 1, channels: 8, firstId: NVR_ID, transport: 'tcp' }));
  await Promise.all(sims.map((s) => s.start()));
  process.stdout.write(
    `\n  Demo console: http://localhost:${config.port}/\n  Sign in as ${DEMO.loginName} / ${DEMO.password} (platform admin: ${config.admin.loginName} / ${config.admin.password ?? 'as set before'})\n  ${CAMERAS.length} simulated cameras and an 8-channel NVR are registering over GB28181 on port ${server.port}.\n\n`,
  );
}

demo().catch(die);
