// SDP offers and answers exactly as GB28181 peers write them, parsing, and SSRC making.
import { describe, expect, it } from 'vitest';
import { buildAnswerSdp, buildInviteSdp, makeSsrc, parseSdp } from './sdp.js';

const PLATFORM = '34020000002000000001';
const CHANNEL = '34020000001310000001';

describe('buildInviteSdp', () => {
  it('writes a live UDP offer', () => {
    expect(
      buildInviteSdp({
        channelId: CHANNEL,
        platformId: PLATFORM,
        ip: '10.0.0.1',
        port: 30000,
        ssrc: '0200000001',
        mode: 'UDP',
        session: 'Play',
      }),
    ).toBe(
      [
        'v=0',
        `o=${PLATFORM} 0 0 IN IP4 10.0.0.1`,
        's=Play',
        'c=IN IP4 10.0.0.1',
        't=0 0',
        'm=video 30000 RTP/AVP 96 97 98',
        'a=recvonly',
        'a=rtpmap:96 PS/90000',
        'a=rtpmap:98 H264/90000',
        'a=rtpmap:97 MPEG4/90000',
        'y=0200000001',
        'f=',
        '',
      ].join('\r\n'),
    );
  });

  it('writes a TCP-passive playback offer and a TCP-active download offer', () => {
    const base = { channelId: CHANNEL, platformId: PLATFORM, ip: '10.0.0.1', port: 30002, ssrc: '1200000002' };
    expect(
      buildInviteSdp({ ...base, mode: 'TCP-PASSIVE', session: 'Playback', start: 1767225600, end: 1767229200 }),
    ).toBe(
      [
        'v=0',
        `o=${PLATFORM} 0 0 IN IP4 10.0.0.1`,
        's=Playback',
        `u=${CHANNEL}:0`,
        'c=IN IP4 10.0.0.1',
        't=1767225600 1767229200',
        'm=video 30002 TCP/RTP/AVP 96 97 98',
        'a=recvonly',
        'a=rtpmap:96 PS/90000',
        'a=rtpmap:98 H264/90000',
        'a=rtpmap:97 MPEG4/90000',
        'a=setup:passive',
        'a=connection:new',
        'y=1200000002',
        'f=',
        '',
      ].join('\r\n'),
    );
    const dl = buildInviteSdp({ ...base, mode: 'TCP-ACTIVE', session: 'Download', start: 1, end: 2, downloadSpeed: 4 });
    expect(dl).toContain('s=Download\r\nu=');
    expect(dl).toContain('a=setup:active\r\na=connection:new\r\na=downloadspeed:4\r\ny=1200000002\r\n');
  });
});

describe('parseSdp', () => {
  it('reads a device answer (TCP active, H.264 f= line)', () => {
    const text = [
      'v=0',
      'o=34020000001320000001 0 0 IN IP4 192.168.1.64',
      's=Play',
      'c=IN IP4 192.168.1.64',
      't=0 0',
      'm=video 15060 TCP/RTP/AVP 96',
      'a=sendonly',
      'a=rtpmap:96 PS/90000',
      'a=setup:active',
      'a=connection:new',
      'y=0200000001',
      'f=v/2/5/25/1/4096a///',
      'junk line',
      'm=audio 15062 RTP/AVP 8',
    ].join('\n');
    expect(parseSdp(text)).toEqual({
      ok: true,
      value: {
        origin: { username: '34020000001320000001', address: '192.168.1.64' },
        sessionName: 'Play',
        connection: '192.168.1.64',
        time: [0, 0],
        media: { type: 'video', port: 15060, proto: 'TCP/RTP/AVP', formats: [96] },
        attributes: [
          ['sendonly', ''],
          ['rtpmap', '96 PS/90000'],
          ['setup', 'active'],
          ['connection', 'new'],
        ],
        rtpmap: new Map([[96, 'PS/90000']]),
        setup: 'active',
        ssrc: '0200000001',
        format: 'v/2/5/25/1/4096a///',
      },
    });
  });

  it('refuses text that is not SDP', () => {
    expect(parseSdp('hello')).toEqual({ ok: false, error: 'SDP does not start with v=0' });
    expect(parseSdp('')).toEqual({ ok: false, error: 'SDP does not start with v=0' });
  });

  it('round-trips the offer and answer builders', () => {
    const offer = parseSdp(
      buildInviteSdp({
        channelId: CHANNEL,
        platformId: PLATFORM,
        ip: '10.0.0.1',
        port: 30000,
        ssrc: '1200000001',
        mode: 'TCP-ACTIVE',
        session: 'Playback',
        start: 10,
        end: 20,
      }),
    );
    expect(offer).toMatchObject({
      ok: true,
      value: { uri: `${CHANNEL}:0`, time: [10, 20], setup: 'active', ssrc: '1200000001', format: '' },
    });
    if (offer.ok)
      expect([...offer.value.rtpmap]).toEqual([
        [96, 'PS/90000'],
        [98, 'H264/90000'],
        [97, 'MPEG4/90000'],
      ]);
  });
});

describe('buildAnswerSdp', () => {
  it('answers sendonly with the same SSRC and the inverse setup', () => {
    const a = buildAnswerSdp({
      deviceId: CHANNEL,
      ip: '192.168.1.64',
      port: 0,
      ssrc: '0200000001',
      mode: 'TCP-PASSIVE',
      codec: 'h264',
    });
    expect(a).toBe(
      [
        'v=0',
        `o=${CHANNEL} 0 0 IN IP4 192.168.1.64`,
        's=Play',
        'c=IN IP4 192.168.1.64',
        't=0 0',
        'm=video 0 TCP/RTP/AVP 96',
        'a=sendonly',
        'a=rtpmap:96 PS/90000',
        'a=setup:active',
        'a=connection:new',
        'y=0200000001',
        'f=v/2////a///',
        '',
      ].join('\r\n'),
    );
    const udp = buildAnswerSdp({
      deviceId: CHANNEL,
      ip: '1.2.3.4',
      port: 15000,
      ssrc: '1',
      mode: 'UDP',
      codec: 'h265',
    });
    expect(udp).toContain('m=video 15000 RTP/AVP 96\r\na=sendonly\r\na=rtpmap:96 PS/90000\r\ny=1\r\nf=v/5////a///');
    expect(
      buildAnswerSdp({ deviceId: CHANNEL, ip: '1.2.3.4', port: 1, ssrc: '1', mode: 'TCP-ACTIVE', codec: 'h264' }),
    ).toContain('a=setup:passive');
  });
});

describe('makeSsrc', () => {
  it('uses 0/1, platform ID characters 3..7 and a 4-digit sequence', () => {
    expect(makeSsrc('live', '34020000002000000001', 1)).toBe('0200000001');
    expect(makeSsrc('history', '44010200492000000001', 9999)).toBe('1102009999');
    expect(makeSsrc('live', '44010200492000000001', 10_001)).toBe('0102000001');
    expect(() => makeSsrc('live', '3402', 1)).toThrow(RangeError);
  });
});
