// `npm run demo`: the console with a simulated fleet — two projects, cameras and an 8-channel NVR
// registering over GB28181 and raising alarms with pictures every few minutes — so a newcomer sees
// live video and the alarm flow minutes after cloning. The fleet is created through the API once
// (idempotent), then the simulator runs in this process.
import { constants, publicEncrypt } from 'node:crypto';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { createSimulator, type Simulator } from '@svc/device-sim';
import { loadConfig } from './config.js';
import { demoAlarmInterval, startDemoAlarms, type DemoAlarms } from './demo-alarms.js';
import { userRepo } from './modules/session/repo.js';
import { StartRefused } from './ops/start-guards.js';
import { die, serve } from './serve.js';

const DEMO = { loginName: 'demo', password: 'Demo@2026pass', enterprise: 'Demo Security Co.' };
/**
 * The simulated devices' own SIP password, as an installer types one into each device. Not the
 * platform-wide default password: that one is no tenant's to hand out.
 */
const DEVICE_PASSWORD = 'DemoCam2026';
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
async function seed(app: FastifyInstance, adminLogin: string, adminPassword: string): Promise<void> {
  if (await userRepo.findByLoginName(app.db, DEMO.loginName)) return recredential(app);
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
        password: DEVICE_PASSWORD,
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
      password: DEVICE_PASSWORD,
      gbCode: NVR_ID,
    },
    token,
  );
}

/**
 * A data folder seeded by an earlier demo gave its devices the platform's default password: they get
 * the demo's own, as an installer would re-credential them, so the simulator registers again.
 */
async function recredential(app: FastifyInstance): Promise<void> {
  const token = await login(app, DEMO.loginName, DEMO.password);
  const body = await api(app, '/api/device/all/queryList', {}, token);
  for (const d of body.data as { id: number; sn: string; devName: string; projectId: number }[]) {
    if (!d.sn.startsWith('DEMO')) continue;
    await api(
      app,
      '/api/device/update',
      { id: d.id, devName: d.devName, projectId: d.projectId, password: DEVICE_PASSWORD },
      token,
    );
  }
}

/** Written into a data folder the demo made, so that later demo runs know it is theirs. */
const DEMO_MARKER = 'demo-data';

/**
 * The demo's passwords are printed in the README: they may exist only in a database the demo made.
 * A console's own data folder, or a PostgreSQL server, never gets the demo account.
 */
function claimDemoData(config: ReturnType<typeof loadConfig>, defaultFolder: boolean): void {
  if (config.databaseUrl) {
    throw new StartRefused('npm run demo keeps its data in its own folder (DATA_DIR): unset DATABASE_URL');
  }
  const marker = join(config.dataDir, DEMO_MARKER);
  // The default ./data-demo is the demo's by name (folders from before the marker have none).
  if (!defaultFolder && existsSync(join(config.dataDir, 'pglite')) && !existsSync(marker)) {
    throw new StartRefused(
      `DATA_DIR ${config.dataDir} holds a console the demo did not make; the demo would add an account with a published password to it: choose another DATA_DIR`,
    );
  }
  mkdirSync(config.dataDir, { recursive: true });
  writeFileSync(marker, 'Made by npm run demo: it holds accounts whose passwords are published.\n');
}

async function demo(): Promise<void> {
  const config = loadConfig({ DATA_DIR: './data-demo', CONSOLE_ADMIN_PASSWORD: 'Admin@2026demo', ...process.env });
  claimDemoData(config, !process.env.DATA_DIR);
  const alarmInterval = demoAlarmInterval(process.argv.slice(2), process.env);
  const sims: Simulator[] = [];
  let alarms: DemoAlarms | undefined;
  const app = await serve(config, async () => {
    alarms?.stop();
    await Promise.all(sims.map((s) => s.stop()));
  });
  await seed(app, config.admin.loginName, config.admin.password ?? '');
  const server = { host: '127.0.0.1', port: app.gateway.settings.port };
  const common = {
    server,
    platformId: config.sip.id,
    domain: config.sip.domain,
    password: DEVICE_PASSWORD,
    bindHost: '127.0.0.1',
    log: () => undefined,
  };
  sims.push(createSimulator({ ...common, type: 'ipc', count: CAMERAS.length, firstId: IPC_FIRST, transport: 'udp' }));
  sims.push(createSimulator({ ...common, type: 'nvr', count: 1, channels: 8, firstId: NVR_ID, transport: 'tcp' }));
  await Promise.all(sims.map((s) => s.start()));
  if (alarmInterval !== null) {
    alarms = startDemoAlarms({
      devices: () => sims.flatMap((s) => s.devices),
      intervalMs: alarmInterval,
      log: (line) => app.log.warn(line),
    });
  }
  const alarmLine =
    alarmInterval === null
      ? 'Simulated alarms are off.'
      : `Every ${alarmInterval / 60_000} min they raise a few alarms with pictures (DEMO_ALARM_MINUTES; DEMO_ALARMS=off stops them).`;
  process.stdout.write(
    `\n  Demo console: http://localhost:${config.port}/\n  Sign in as ${DEMO.loginName} / ${DEMO.password} (platform admin: ${config.admin.loginName} / ${config.admin.password ?? 'as set before'})\n  ${CAMERAS.length} simulated cameras and an 8-channel NVR are registering over GB28181 on port ${server.port}.\n  ${alarmLine}\n\n`,
  );
}

demo().catch(die);
