// The gateway's SIP edge with hand-made packets: digest, transport binding, bad input answered 400
// or dropped without harm, unregister, and auto-enrol of devices an enterprise has not added (with
// the enterprise's enrolment secret; test/security/enrolment.test.ts has the cross-tenant cases).
import dgram from 'node:dgram';
import {
  buildAnswerSdp,
  buildRequest,
  buildResponse,
  catalogNotify,
  digestAuthorization,
  encodeBody,
  getHeader,
  keepaliveNotify,
  MANSCDP_CONTENT_TYPE,
  newBranch,
  newCallId,
  newTag,
  parseSipMessage,
  serializeSip,
  type SipRequest,
  type SipResponse,
} from '@svc/gb28181';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, createTestApp, type TestApp } from '../helper.js';
import { apiEnterprise, apiLogo } from '../factories.js';

const DOMAIN = '3402000000';
const PLATFORM = '34020000002000000001';
const CAMERA = '34020000001320000042';
const PASSWORD = 'cam-pass-42';

let t: TestApp;
let sipPort: number;
let boss: Awaited<ReturnType<typeof apiEnterprise>>;
let projectId: number;
let deviceId: number;

/** A device's UDP socket that sends one request and waits for the final answer. */
class Phone {
  readonly socket = dgram.createSocket('udp4');
  private waiting: ((r: SipResponse) => void) | undefined;
  cseq = 1;
  /** How this device answers the platform's INVITEs (a status, and whether to answer SDP). */
  inviteAnswer: number = 200;
  readonly requests: SipRequest[] = [];
  constructor(readonly id: string) {
    this.socket.on('message', (buf, rinfo) => {
      const m = parseSipMessage(buf);
      if (!m.ok) return;
      if (m.value.kind === 'response') {
        if (m.value.status >= 200) this.waiting?.(m.value);
        return;
      }
      this.requests.push(m.value);
      if (m.value.method === 'ACK') return;
      const answer =
        m.value.method === 'INVITE' && this.inviteAnswer === 200
          ? buildResponse(m.value, 200, 'OK', {
              toTag: newTag(),
              contentType: 'APPLICATION/SDP',
              // Answers, then never sends a packet: a device whose media is lost on the way.
              body: Buffer.from(
                buildAnswerSdp({
                  deviceId: this.id,
                  ip: '127.0.0.1',
                  port: 9,
                  ssrc: '0000000001',
                  mode: 'TCP-PASSIVE',
                  codec: 'h264',
                }),
              ),
            })
          : buildResponse(m.value, m.value.method === 'INVITE' ? this.inviteAnswer : 200);
      this.socket.send(serializeSip(answer), rinfo.port, rinfo.address);
    });
  }
  async open(): Promise<void> {
    await new Promise<void>((r) => this.socket.bind(0, '127.0.0.1', () => r()));
  }
  get port(): number {
    return this.socket.address().port;
  }
  request(method: string, o: { body?: Buffer; headers?: [string, string][]; contentType?: string } = {}) {
    return buildRequest({
      method,
      uri: `sip:${PLATFORM}@${DOMAIN}`,
      from: { uri: `sip:${this.id}@${DOMAIN}`, tag: newTag() },
      to: { uri: `sip:${method === 'REGISTER' ? this.id : PLATFORM}@${DOMAIN}` },
      callId: newCallId('127.0.0.1'),
      cseq: this.cseq++,
      via: { transport: 'UDP', host: '127.0.0.1', port: this.port, branch: newBranch() },
      contact: `<sip:${this.id}@127.0.0.1:${this.port}>`,
      ...o,
    });
  }
  send(raw: Buffer, timeoutMs = 2000): Promise<SipResponse | undefined> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => resolve(undefined), timeoutMs);
      this.waiting = (r) => {
        clearTimeout(timer);
        resolve(r);
      };
      this.socket.send(raw, sipPort, '127.0.0.1');
    });
  }
  async register(password: string, expires = 3600): Promise<SipResponse | undefined> {
    const first = await this.send(serializeSip(this.request('REGISTER', { headers: [['Expires', String(expires)]] })));
    if (first?.status !== 401) return first;
    const uri = `sip:${PLATFORM}@${DOMAIN}`;
    const auth = digestAuthorization({
      challenge: getHeader(first, 'www-authenticate')!,
      method: 'REGISTER',
      uri,
      username: this.id,
      password,
    });
    if (!auth.ok) throw new Error(auth.error);
    return this.send(
      serializeSip(
        this.request('REGISTER', {
          headers: [
            ['Expires', String(expires)],
            ['Authorization', auth.value],
          ],
        }),
      ),
    );
  }
  keepalive(encoding: 'GB2312' | 'UTF-8' = 'GB2312', xml = keepaliveNotify({ sn: this.cseq, deviceId: this.id })) {
    return this.send(
      serializeSip(this.request('MESSAGE', { body: encodeBody(xml, encoding), contentType: MANSCDP_CONTENT_TYPE })),
    );
  }
  close(): void {
    this.socket.close();
  }
}

const statusOf = async (id: number) =>
  (await t.db.selectFrom('device').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;

beforeAll(async () => {
  t = await createTestApp(
    { SIP_PORT: '0', RTP_PORT: '0', MEDIA_IP: '127.0.0.1', SIP_PASSWORD: 'platform-pass' },
    { gateway: { firstFrameMs: 1500 } },
  );
  sipPort = (await t.app.listenDevices('127.0.0.1')).sipPort;
  const admin = await t.login(ADMIN.loginName, ADMIN.password);
  boss = await apiEnterprise(t, admin, 'Sip Sites');
  const logo = { url: await apiLogo(t, boss.token) };
  const post = async (url: string, body: object) =>
    (await t.call({ method: 'POST', url, headers: { xaccesstoken: boss.token }, payload: body })).body;
  projectId = ((await post('/api/project/add', { proName: 'Yard', proLogo: logo.url })).data as { id: number }).id;
  const added = await post('/api/device/add', {
    sn: 'SIPTEST000042',
    devName: 'Yard camera',
    devType: 'IPC',
    projectId,
    password: PASSWORD,
    gbCode: CAMERA,
  });
  deviceId = (added.data as { id: number }).id;
}, 60_000);

afterAll(async () => {
  await t?.close();
});

describe('the SIP edge', () => {
  it('challenges, then registers with the right digest and answers Date and Expires', async () => {
    const phone = new Phone(CAMERA);
    await phone.open();
    const ok = await phone.register(PASSWORD);
    expect(ok?.status).toBe(200);
    expect(getHeader(ok!, 'expires')).toBe('3600');
    expect(getHeader(ok!, 'date')).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}$/);
    expect(await statusOf(deviceId)).toBe('online');

    // A GB2312 keepalive from the registered socket is accepted…
    expect((await phone.keepalive('GB2312'))?.status).toBe(200);
    // …and its retransmission (the 200 was lost) gets the same answer again without being handled twice.
    const keepalive = serializeSip(
      phone.request('MESSAGE', {
        body: encodeBody(keepaliveNotify({ sn: 900, deviceId: CAMERA }), 'GB2312'),
        contentType: MANSCDP_CONTENT_TYPE,
      }),
    );
    const received = () => t.app.gateway.ctx.transport.stats.received;
    const answered = await phone.send(keepalive);
    const handled = received();
    const again = await phone.send(keepalive);
    expect(again && serializeSip(again).equals(serializeSip(answered!))).toBe(true);
    expect(received()).toBe(handled);
    expect(t.app.gateway.ctx.transport.serverTransactions.stats.replayed).toBeGreaterThanOrEqual(1);
    // …a body that is not XML is answered 400 …
    const bad = await phone.send(
      serializeSip(
        phone.request('MESSAGE', { body: Buffer.from('<Notify><CmdType>Keep'), contentType: MANSCDP_CONTENT_TYPE }),
      ),
    );
    expect(bad?.status).toBe(400);
    // …and an XML bomb (entity declarations) too.
    const bomb = Buffer.from(
      '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;">]><Notify><CmdType>Keepalive</CmdType><SN>1</SN><DeviceID>&b;</DeviceID></Notify>',
    );
    expect(
      (await phone.send(serializeSip(phone.request('MESSAGE', { body: bomb, contentType: MANSCDP_CONTENT_TYPE }))))
        ?.status,
    ).toBe(400);

    // The same device ID from another socket is not the device.
    const impostor = new Phone(CAMERA);
    await impostor.open();
    expect((await impostor.keepalive('UTF-8'))?.status).toBe(403);
    impostor.close();

    // Garbage is dropped without an answer, and the gateway keeps serving.
    expect(await phone.send(Buffer.from('HELLO\r\n\r\n\x00\xff garbage'), 300)).toBeUndefined();
    expect(
      await phone.send(Buffer.from('MESSAGE sip:x SIP/2.0\r\nContent-Length: 900\r\n\r\nshort'), 300),
    ).toBeUndefined();
    expect((await phone.send(serializeSip(phone.request('OPTIONS'))))?.status).toBe(200);
    expect(t.app.gateway.ctx.transport.stats.malformed).toBeGreaterThanOrEqual(2);

    // A refresh keeps it online (and, below, adds no activity entry).
    expect((await phone.register(PASSWORD))?.status).toBe(200);
    await new Promise((r) => setTimeout(r, 400));
    // Expires 0 unregisters: offline at once (written within the 250 ms batch).
    expect((await phone.register(PASSWORD, 0))?.status).toBe(200);
    await new Promise((r) => setTimeout(r, 400));
    expect(await statusOf(deviceId)).toBe('offline');
    expect((await phone.keepalive())?.status).toBe(403);
    phone.close();
    // The overview's activity saw it come and go, once each.
    const activity = await t.db
      .selectFrom('activity')
      .select(['kind', 'actor'])
      .where('device_id', '=', deviceId)
      .where('kind', 'in', ['device.online', 'device.offline'])
      .orderBy('id')
      .execute();
    expect(activity).toEqual([
      { kind: 'device.online', actor: null },
      { kind: 'device.offline', actor: null },
    ]);
  });

  it('keeps channels in step with catalog notifications: ADD, OFF, ON and DEL', async () => {
    const phone = new Phone(CAMERA);
    await phone.open();
    expect((await phone.register(PASSWORD))?.status).toBe(200);
    // The platform subscribes to catalog changes: SUBSCRIBE with Event Catalog and an hour's expiry.
    expect(await t.app.gateway.sync.subscribeCatalog(t.app.gateway.registration(CAMERA)!)).toBe(true);
    const subscribe = phone.requests.find((r) => r.method === 'SUBSCRIBE')!;
    expect(getHeader(subscribe, 'event')).toMatch(/^Catalog;id=\d+$/);
    expect(getHeader(subscribe, 'expires')).toBe('3600');
    expect(subscribe.body.toString('latin1')).toContain('<CmdType>Catalog</CmdType>');
    const channel = '34020000001310000077';
    const notify = (event: 'ADD' | 'OFF' | 'ON' | 'DEL') =>
      phone.send(
        serializeSip(
          phone.request('MESSAGE', {
            body: encodeBody(
              catalogNotify({
                sn: phone.cseq,
                deviceId: CAMERA,
                sumNum: 1,
                items: [{ deviceId: channel, name: '东门 Gate', event, status: event === 'OFF' ? 'OFF' : 'ON' }],
              }),
              'GB2312',
            ),
            contentType: MANSCDP_CONTENT_TYPE,
          }),
        ),
      );
    const row = () =>
      t.db
        .selectFrom('channel')
        .select(['channel_title', 'main'])
        .where('device_id', '=', deviceId)
        .where('gb_code', '=', channel)
        .executeTakeFirst();
    const settled = async (expected: unknown) => {
      for (let i = 0; i < 40 && JSON.stringify(await row()) !== JSON.stringify(expected); i++) {
        await new Promise((r) => setTimeout(r, 25));
      }
      expect(await row()).toEqual(expected);
    };
    expect((await notify('ADD'))?.status).toBe(200);
    await settled({ channel_title: '东门 Gate', main: 0 });
    await notify('OFF');
    await settled({ channel_title: '东门 Gate', main: -1 });
    await notify('ON');
    await settled({ channel_title: '东门 Gate', main: 0 });
    await notify('DEL');
    await settled(undefined);
    phone.close();
  });

  it('answers 4105 when the device refuses the INVITE and 4104 when no video comes in time', async () => {
    const phone = new Phone(CAMERA);
    await phone.open();
    expect((await phone.register(PASSWORD))?.status).toBe(200);
    const play = async () =>
      (
        await t.call({
          method: 'POST',
          url: '/api/device/livePlayUrl',
          headers: { xaccesstoken: boss.token },
          payload: { deviceId, channel: 1, stream: 'main' },
        })
      ).body;
    phone.inviteAnswer = 486;
    expect((await play()).code).toBe(4105);
    phone.inviteAnswer = 200;
    const started = Date.now();
    expect((await play()).code).toBe(4104);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1400);
    // The platform hung up the dialog it could not use.
    await new Promise((r) => setTimeout(r, 200));
    expect(phone.requests.map((r) => r.method)).toEqual(expect.arrayContaining(['INVITE', 'ACK', 'BYE']));
    phone.close();
  });

  it('refuses a wrong password and an unknown ID with 403', async () => {
    const phone = new Phone(CAMERA);
    await phone.open();
    expect((await phone.register('wrong-password'))?.status).toBe(403);
    phone.close();
    const stranger = new Phone('34020000001320000777');
    await stranger.open();
    expect((await stranger.register('platform-pass'))?.status).toBe(403);
    stranger.close();
  });

  it('enrols an unknown device into the area its enterprise chose, with the enterprise’s enrolment secret', async () => {
    const put = await t.call({
      method: 'POST',
      url: '/api/device/regional/update',
      headers: { xaccesstoken: boss.token },
      payload: {
        server: PLATFORM,
        areaCode: '340200',
        unitNumber: '00',
        industryCode: '00',
        typeCode: '132',
        networkId: '0',
        autoEnrolProjectId: projectId,
      },
    });
    expect(put.body.code, JSON.stringify(put.body)).toBe(1);
    const sip = await t.call({ method: 'GET', url: '/api/device/sipServer', headers: { xaccesstoken: boss.token } });
    const secret = (sip.body.data as { enrolmentSecret: string }).enrolmentSecret;
    const newcomer = new Phone('34020000001320000888');
    await newcomer.open();
    expect((await newcomer.register('wrong-password'))?.status).toBe(403);
    // The platform-wide password is no enrolment credential.
    expect((await newcomer.register('platform-pass'))?.status).toBe(403);
    expect((await newcomer.register(secret))?.status).toBe(200);
    const row = await t.db
      .selectFrom('device')
      .select(['project_id', 'dev_type', 'status', 'enterprise_id'])
      .where('gb_code', '=', '34020000001320000888')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ project_id: projectId, dev_type: 'IPC', status: 'online', enterprise_id: boss.id });
    newcomer.close();
  });
});
