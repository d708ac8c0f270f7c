// The gateway's SIP edge with hand-made packets: digest, transport binding, bad input answered 400
// or dropped without harm, unregister, and auto-enrol of devices an enterprise has not added (with
// the enterprise's enrolment secret; test/security/enrolment.test.ts has the cross-tenant cases).
import type { RemoteInfo } from 'node:dgram';
import {
  buildAnswerSdp,
  buildResponse,
  catalogNotify,
  encodeBody,
  getHeader,
  keepaliveNotify,
  MANSCDP_CONTENT_TYPE,
  newTag,
  serializeSip,
  type SipRequest,
  type SipResponse,
} from '@svc/gb28181';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../helper.js';
import { apiDevice, type Enterprise } from '../factories.js';
import { gatewayApp } from '../gateway-app.js';
import { HandmadeDevice, PLATFORM } from '../handmade-device.js';

const CAMERA = '34020000001320000042';
const PASSWORD = 'cam-pass-42';

let t: TestApp;
let sipPort: number;
let boss: Enterprise;
let projectId: number;
let deviceId: number;

/** A device's UDP socket that sends one request and waits for the final answer. */
class Phone extends HandmadeDevice<SipResponse | undefined> {
  private waiting: ((r: SipResponse) => void) | undefined;
  /** How this device answers the platform's INVITEs (a status, and whether to answer SDP). */
  inviteAnswer: number = 200;
  readonly requests: SipRequest[] = [];
  protected onAnswer(answer: SipResponse): void {
    this.waiting?.(answer);
  }
  protected onRequest(request: SipRequest, rinfo: RemoteInfo): void {
    this.requests.push(request);
    if (request.method === 'ACK') return;
    const answer =
      request.method === 'INVITE' && this.inviteAnswer === 200
        ? buildResponse(request, 200, 'OK', {
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
        : buildResponse(request, request.method === 'INVITE' ? this.inviteAnswer : 200);
    this.socket.send(serializeSip(answer), rinfo.port, rinfo.address);
  }
  protected ask(request: SipRequest) {
    return this.send(serializeSip(request));
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
  keepalive(encoding: 'GB2312' | 'UTF-8' = 'GB2312', xml = keepaliveNotify({ sn: this.cseq, deviceId: this.id })) {
    return this.send(
      serializeSip(this.request('MESSAGE', { body: encodeBody(xml, encoding), contentType: MANSCDP_CONTENT_TYPE })),
    );
  }
}

const statusOf = async (id: number) =>
  (await t.db.selectFrom('device').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;

beforeAll(async () => {
  ({ t, sipPort, boss, projectId } = await gatewayApp({
    enterprise: 'Sip Sites',
    project: 'Yard',
    env: { SIP_PASSWORD: 'platform-pass' },
    overrides: { gateway: { firstFrameMs: 1500 } },
  }));
  ({ id: deviceId } = await apiDevice(t, boss.token, {
    projectId,
    sn: 'SIPTEST000042',
    devName: 'Yard camera',
    password: PASSWORD,
    gbCode: CAMERA,
  }));
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
    const secret = await openAutoEnrol();
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

  it('gives an auto-enrolled camera its channel 1 before any catalog, as a camera added in the console has', async () => {
    const secret = await openAutoEnrol();
    const id = '34020000001320000889';
    // This device answers no catalog query: channel 1 can only be the one made when it enrolled.
    const newcomer = new Phone(id);
    await newcomer.open();
    expect((await newcomer.register(secret))?.status).toBe(200);
    newcomer.close();
    const { id: enrolled } = await t.db
      .selectFrom('device')
      .select('id')
      .where('gb_code', '=', id)
      .executeTakeFirstOrThrow();
    const channels = await t.call({
      method: 'POST',
      url: '/api/device/channel/list',
      headers: { xaccesstoken: boss.token },
      payload: { deviceId: enrolled },
    });
    expect(channels.body.code).toBe(1);
    expect(channels.body.data).toEqual([expect.objectContaining({ index: 1, channelTitle: id })]);
  });
});

/** Turns auto-enrol on for the enterprise's regional code; answers its enrolment secret. */
async function openAutoEnrol(): Promise<string> {
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
  return (sip.body.data as { enrolmentSecret: string }).enrolmentSecret;
}
