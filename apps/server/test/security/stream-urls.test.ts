// Live URLs belong to the session that asked for them: a WebSocket or HLS URL opens only with that
// session (its token cookie, or the header), a WebSocket URL opens once, and an open stream ends
// within 5 s of its session ending, its user being disabled or losing the live-view privilege.
// Staff watch only with the `live` video privilege of a role (SPEC §6 per-role video privileges).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '../../src/modules/session/service.js';
import type { LivePlayAnswer } from '@svc/contracts';
import { type TestApp, data } from '../helper.js';
import { apiRole, apiStaff, uniqueLogin, type Enterprise } from '../factories.js';
import { createLiveSite, type Caller, type LiveRig } from '../live-rig.js';
import { until } from '../wait.js';

const IPC_ID = '34020000001320000101';
const IPC_PASSWORD = 'ipc-pass-1';
const BOSS_PASSWORD = 'Boss@pass123';

let rig: LiveRig;
let t: TestApp;
let boss: Enterprise;
let rival: Enterprise;
let projectId: number;
let deviceId: number;

const playUrl = async (token: string): Promise<LivePlayAnswer> =>
  data<LivePlayAnswer>(await t.as(token).post('/api/device/livePlayUrl', { deviceId, channel: 1, stream: 'main' }));

/**
 * A staff member whose role grants live view on the project (with the `live` video privilege unless
 * told otherwise); answers its id, role and a session.
 */
async function staffWithLiveView({ videoKeys = ['live'] }: { videoKeys?: string[] } = {}) {
  const role = await apiRole(t, boss.token, uniqueLogin('Watchers'), ['device', 'device-show', 'preview']);
  data(
    await t.as(boss.token).post('/api/roleProjectPrivilege/update', {
      roleId: role,
      projects: [{ projectId, privilegeKeys: ['device-show'] }],
    }),
  );
  data(await t.as(boss.token).post('/api/roleVideoPrivilege/update', { roleId: role, keys: videoKeys }));
  const staff = await apiStaff(t, boss.token, [role], { name: 'Watcher' });
  return { id: staff.id, role, token: await staff.login() };
}

beforeAll(async () => {
  ({ rig, t, boss, rival, projectId } = await createLiveSite('Owner Sites', 'Yard'));
  deviceId = data<{ id: number }>(
    await t.as(boss.token).post('/api/device/add', {
      streamMode: 'TCP-PASSIVE',
      sn: 'URLIPC0000001',
      devName: 'Yard camera',
      devType: 'IPC',
      projectId,
      password: IPC_PASSWORD,
      gbCode: IPC_ID,
    }),
  ).id;
  await rig.sim({ type: 'ipc', password: IPC_PASSWORD, firstId: IPC_ID, transport: 'udp' }).start();
  await until(
    'camera online with its catalog',
    async () =>
      (
        await t.db
          .selectFrom('channel')
          .select('gb_code')
          .where('device_id', '=', deviceId)
          .where('gb_code', 'is not', null)
          .executeTakeFirst()
      )?.gb_code,
    15_000,
    50,
  );
}, 60_000);

afterAll(async () => {
  await rig?.close();
});

describe('the live video privilege', () => {
  it('refuses live play to staff whose roles lack `live` (4117), and answers URLs once a role grants it', async () => {
    const staff = await staffWithLiveView({ videoKeys: ['playback', 'snapshot'] });
    const refused = await t.as(staff.token).post('/api/device/livePlayUrl', {
      deviceId,
      channel: 1,
      stream: 'main',
    });
    expect(refused).toMatchObject({ code: 4117, msg: 'You do not have permission to do this.' });
    data(
      await t.as(boss.token).post('/api/roleVideoPrivilege/update', {
        roleId: staff.role,
        keys: ['playback', 'snapshot', 'live'],
      }),
    );
    const { wsUrl, hlsUrl } = await playUrl(staff.token);
    expect(wsUrl).toMatch(/^\/media\/live\//);
    expect(hlsUrl).toMatch(/^\/media\/hls\//);
    const frames = await rig.collect(wsUrl, 2, { token: staff.token });
    expect(JSON.parse(frames.text[0]!)).toMatchObject({ type: 'init', codec: 'h264' });
  });

  it('is not asked of the enterprise’s main account (a cloud account bypasses the checks)', async () => {
    const { wsUrl } = await playUrl(boss.token);
    expect(wsUrl).toContain('/media/live/');
  });
});

describe('a WebSocket URL', () => {
  it('opens only with the session that asked for it: not with none, another enterprise’s or another of the same user’s', async () => {
    const { wsUrl } = await playUrl(boss.token);
    expect(wsUrl).not.toContain(boss.token);
    const other = await t.login(boss.loginName, BOSS_PASSWORD);
    for (const caller of [
      null,
      { token: rival.token },
      { token: rival.token, via: 'header' as const },
      { token: other },
      { token: 'not-a-token' },
    ]) {
      const v = rig.view(wsUrl, caller);
      expect(await v.closed, JSON.stringify(caller)).toBe(4004);
      expect(v.frames.binary).toHaveLength(0);
      expect(JSON.parse(v.frames.text[0]!)).toMatchObject({ type: 'error', code: 4004 });
    }
    // Refusals did not use the URL up: its owner still opens it, by cookie as the browser does.
    const frames = await rig.collect(wsUrl, 5, { token: boss.token });
    expect(JSON.parse(frames.text[0]!)).toMatchObject({ type: 'init', codec: 'h264' });
    expect(frames.binary[1]!.subarray(4, 8).toString('latin1')).toBe('moof');
  });

  it('opens with the owner’s session in the header too (clients that are not browsers)', async () => {
    const { wsUrl } = await playUrl(boss.token);
    const frames = await rig.collect(wsUrl, 2, { token: boss.token, via: 'header' });
    expect(frames.binary.length).toBeGreaterThanOrEqual(3);
  });

  it('opens once: of two opens at the same time one plays, and an open afterwards is refused', async () => {
    const { wsUrl } = await playUrl(boss.token);
    const owner: Caller = { token: boss.token };
    const [a, b] = [rig.view(wsUrl, owner), rig.view(wsUrl, owner)];
    const first = await Promise.race([
      a.flowing.then(() => ({ playing: a, refused: b })),
      b.flowing.then(() => ({ playing: b, refused: a })),
      a.closed.then(() => ({ playing: b, refused: a })),
      b.closed.then(() => ({ playing: a, refused: b })),
    ]);
    expect(await first.refused.closed).toBe(4004);
    expect(first.refused.frames.binary).toHaveLength(0);
    await first.playing.flowing;
    expect(await rig.closeCodeOf(wsUrl, owner)).toBe(4004);
    first.playing.ws.close();
    expect(await first.playing.closed).toBe(1005);
    // Closed, it cannot be opened again either.
    expect(await rig.closeCodeOf(wsUrl, owner)).toBe(4004);
  });
});

describe('an HLS URL', () => {
  it('serves playlist, init and segments to the owner’s session only (403 without it or with another’s)', async () => {
    const { hlsUrl } = await playUrl(boss.token);
    const owner: Caller = { token: boss.token };
    const playlist = await until(
      'two HLS segments',
      async () => {
        const res = await rig.get(hlsUrl, owner);
        expect(res.status).toBe(200);
        const body = await res.text();
        return (body.match(/#EXTINF/g)?.length ?? 0) >= 2 ? body : undefined;
      },
      8000,
      100,
    );
    const base = hlsUrl.slice(0, hlsUrl.indexOf('index.m3u8'));
    const segment = `${base}${playlist.split('\n').find((l) => l.includes('.m4s?'))!}`;
    const init = `${base}${/URI="([^"]+)"/.exec(playlist)![1]!}`;
    const other = await t.login(boss.loginName, BOSS_PASSWORD);
    for (const url of [hlsUrl, init, segment]) {
      for (const caller of [
        null,
        { token: rival.token },
        { token: rival.token, via: 'header' as const },
        { token: other },
      ]) {
        expect((await rig.get(url, caller)).status, `${url} ${JSON.stringify(caller)}`).toBe(403);
      }
      expect((await rig.get(url, owner)).status, url).toBe(200);
      expect((await rig.get(url, { token: boss.token, via: 'header' })).status, url).toBe(200);
    }
  });

  it('must be opened within 60 s, then lives while its player keeps fetching it (a minute without ends it)', async () => {
    const owner: Caller = { token: boss.token };
    const unopened = (await playUrl(boss.token)).hlsUrl;
    t.clock.advance(2000);
    const { hlsUrl } = await playUrl(boss.token);
    expect(hlsUrl).not.toBe(unopened);
    try {
      expect((await rig.get(hlsUrl, owner)).status).toBe(200);
      t.clock.advance(45_000);
      expect((await rig.get(hlsUrl, owner)).status).toBe(200);
      t.clock.advance(45_000);
      // Both past their expiry: the one never opened is dead, the one in play lives on.
      expect((await rig.get(unopened, owner)).status).toBe(403);
      expect((await rig.get(hlsUrl, owner)).status).toBe(200);
      t.clock.advance(61_000);
      expect((await rig.get(hlsUrl, owner)).status).toBe(403);
    } finally {
      t.clock.advance(-153_000);
    }
  });
});

describe('an open stream', () => {
  /** Opens a stream for `token`, does `act`, and answers how long the stream took to end and how. */
  async function endsAfter(token: string, act: () => Promise<unknown>) {
    const v = rig.view((await playUrl(token)).wsUrl, { token });
    await v.flowing;
    const started = Date.now();
    await act();
    const code = await Promise.race([v.closed, new Promise<'open'>((r) => setTimeout(() => r('open'), 6000))]);
    const ms = Date.now() - started;
    v.ws.terminate();
    const error = v.frames.text.map((m) => JSON.parse(m) as { type: string }).find((m) => m.type === 'error');
    return { code, ms, error };
  }

  it('ends within 5 s of its session signing out', async () => {
    const token = await t.login(boss.loginName, BOSS_PASSWORD);
    const r = await endsAfter(token, () =>
      t.call({ method: 'GET', url: '/api/session/logOut', headers: { xaccesstoken: token } }),
    );
    expect(r.code).toBe(4004);
    expect(r.ms).toBeLessThan(5000);
    expect(r.error).toMatchObject({ type: 'error', code: 4004, msg: expect.any(String) });
  });

  it('ends within 5 s of its user being disabled by their administrator', async () => {
    const staff = await staffWithLiveView();
    const r = await endsAfter(staff.token, async () =>
      data(await t.as(boss.token).get(`/api/employee/updateStatus/${staff.id}/0`)),
    );
    expect(r.code).toBe(4004);
    expect(r.ms).toBeLessThan(5000);
  });

  it('ends within 5 s of its user’s role losing the device privilege', async () => {
    const staff = await staffWithLiveView();
    const r = await endsAfter(staff.token, async () =>
      data(
        await t.as(boss.token).post('/api/role/update', {
          id: staff.role,
          roleName: uniqueLogin('Watchers'),
          privilegeKeys: ['preview'],
        }),
      ),
    );
    expect(r.code).toBe(4004);
    expect(r.ms).toBeLessThan(5000);
  });

  it('ends within 5 s of its user’s role losing the live video privilege', async () => {
    const staff = await staffWithLiveView();
    const r = await endsAfter(staff.token, async () =>
      data(await t.as(boss.token).post('/api/roleVideoPrivilege/update', { roleId: staff.role, keys: ['playback'] })),
    );
    expect(r.code).toBe(4004);
    expect(r.ms).toBeLessThan(5000);
  });

  it('ends within 5 s of its session expiring, seen by the periodic check (nothing told this process)', async () => {
    const token = await t.login(boss.loginName, BOSS_PASSWORD);
    const r = await endsAfter(token, () =>
      t.db
        .updateTable('session')
        .set({ expires_at: new Date(t.clock.now().getTime() - 1000) })
        .where('token_hash', '=', hashToken(token))
        .execute(),
    );
    expect(r.code).toBe(4004);
    expect(r.ms).toBeLessThan(5000);
  });

  it('keeps flowing while its session stays good', async () => {
    const token = await t.login(boss.loginName, BOSS_PASSWORD);
    const v = rig.view((await playUrl(token)).wsUrl, { token });
    await v.flowing;
    const before = v.frames.binary.length;
    await new Promise((r) => setTimeout(r, 4500));
    expect(v.frames.binary.length).toBeGreaterThan(before + 50);
    v.ws.close();
    expect(await v.closed).toBe(1005);
  });
});
