// Live video against a listening app: the gateway and media ports bound on loopback, simulated devices
// to stream to it, and WebSocket and HTTP clients for the URLs livePlayUrl answers. A client carries
// a session as the browser does (the `token` cookie, sent with the upgrade and the HLS requests) or
// as other clients do (the `xaccesstoken` header); `null` is a client with none.
import { createSimulator, type Simulator } from '@svc/device-sim';
import WebSocket from 'ws';
import type { AppOverrides } from '../src/app.js';
import { createTestApp, type TestApp } from './helper.js';
import { apiEnterprise, apiSite, type Enterprise } from './factories.js';

export type Caller = { token: string; via?: 'cookie' | 'header' } | null;

/** The headers a caller's session travels in. */
export const sessionHeaders = (caller: Caller): Record<string, string> =>
  !caller ? {} : caller.via === 'header' ? { xaccesstoken: caller.token } : { cookie: `token=${caller.token}` };

export type Frames = { text: string[]; binary: Buffer[] };

/** One open WebSocket viewer: `frames` grows as messages come, `closed` settles with the close code. */
export type Viewer = {
  ws: WebSocket;
  frames: Frames;
  /** Resolves at the first binary message (the init segment): the stream flows. */
  flowing: Promise<void>;
  closed: Promise<number>;
};

export type LiveRig = {
  t: TestApp;
  sipPort: number;
  httpBase: string;
  /** A simulator aimed at the app's SIP port; stopped by close(). */
  sim(o: Partial<Parameters<typeof createSimulator>[0]> & { type: 'ipc' | 'nvr'; password: string }): Simulator;
  view(wsUrl: string, caller: Caller): Viewer;
  /** The first `fragments` media segments after the init segment, then closes. */
  collect(wsUrl: string, fragments: number, caller: Caller): Promise<Frames>;
  /** The close code of a viewer the server ends (after a refusal: at once). */
  closeCodeOf(wsUrl: string, caller: Caller): Promise<number>;
  /** GET of a relative URL (an HLS playlist or segment) with the caller's session. */
  get(url: string, caller: Caller): Promise<Response>;
  close(): Promise<void>;
};

/**
 * `env` changes settings (an empty value unsets one, as MEDIA_IP: '' leaves the address to HOST);
 * `logger` replaces the silent one (pino options with a `stream` capture the log).
 */
export async function createLiveRig(
  gateway: AppOverrides['gateway'] = {},
  o: { env?: Record<string, string>; logger?: AppOverrides['logger'] } = {},
): Promise<LiveRig> {
  const t = await createTestApp(
    {
      HOST: '127.0.0.1',
      SIP_PORT: '0',
      RTP_PORT: '0',
      MEDIA_IP: '127.0.0.1',
      SIP_PASSWORD: 'platform-pass',
      ...o.env,
    },
    { gateway: { syncJitterMs: 0, idleMs: 1500, ...gateway }, ...(o.logger !== undefined ? { logger: o.logger } : {}) },
  );
  // Where the configuration says (HOST), as a started server does.
  const sipPort = (await t.app.listenDevices()).sipPort;
  const httpBase = await t.app.listen({ port: 0, host: '127.0.0.1' });
  const sims: Simulator[] = [];

  const view = (wsUrl: string, caller: Caller): Viewer => {
    const ws = new WebSocket(`${httpBase.replace('http', 'ws')}${wsUrl}`, { headers: sessionHeaders(caller) });
    const frames: Frames = { text: [], binary: [] };
    let flow!: () => void;
    const flowing = new Promise<void>((resolve) => (flow = resolve));
    ws.on('message', (data, isBinary) => {
      if (!isBinary) frames.text.push(data.toString());
      else {
        frames.binary.push(data as Buffer);
        flow();
      }
    });
    const closed = new Promise<number>((resolve, reject) => {
      ws.on('close', (code) => resolve(code));
      ws.on('error', reject);
    });
    return { ws, frames, flowing, closed };
  };

  return {
    t,
    sipPort,
    httpBase,
    sim(o) {
      const s = createSimulator({
        server: { host: '127.0.0.1', port: sipPort },
        count: 1,
        bindHost: '127.0.0.1',
        retrySeconds: 1,
        ...o,
      });
      sims.push(s);
      return s;
    },
    view,
    async collect(wsUrl, fragments, caller) {
      const v = view(wsUrl, caller);
      await new Promise<void>((resolve, reject) => {
        v.ws.on('message', () => {
          if (v.frames.binary.length >= fragments + 1) resolve();
        });
        void v.closed.then(
          (code) => reject(new Error(`closed ${code} after ${v.frames.binary.length} frames ${v.frames.text.join()}`)),
          reject,
        );
      });
      v.ws.close();
      return v.frames;
    },
    closeCodeOf: (wsUrl, caller) => view(wsUrl, caller).closed,
    get: (url, caller) => fetch(`${httpBase}${url}`, { headers: sessionHeaders(caller) }),
    async close() {
      await Promise.all(sims.map((s) => s.stop().catch(() => undefined)));
      await t.close();
    },
  };
}

/** A rig with a site on it (`boss`'s enterprise and project) and a rival enterprise that owns nothing. */
export type LiveSite = { rig: LiveRig; t: TestApp; boss: Enterprise; rival: Enterprise; projectId: number };

export async function createLiveSite(enterprise: string, project: string): Promise<LiveSite> {
  const rig = await createLiveRig();
  const { admin, boss, projectId } = await apiSite(rig.t, { enterprise, project });
  return { rig, t: rig.t, boss, rival: await apiEnterprise(rig.t, admin, 'Rival Sites'), projectId };
}
