// PsToFmp4 edge cases: start codes cut by RTP, waiting for a keyframe, codec change, missing markers, stuck PTS.
import { describe, expect, it } from 'vitest';
import { accessUnitsOf, joinAnnexB, nalType } from '../codec/annexb.js';
import { findBox, parseBoxes, readSample, sendPipeline } from '../test-support.js';
import { muxPsFrame } from '../ps/mux.js';
import { parseRtp, type RtpPacket } from '../rtp/packet.js';
import { packetizePs } from '../rtp/packetize.js';
import { PsToFmp4, type FragmentInfo } from './ps-to-fmp4.js';

function run(packets: Buffer[], end = true) {
  const inits: string[] = [];
  const frags: { fragment: Buffer; info: FragmentInfo }[] = [];
  const remux = new PsToFmp4({
    onInit: (_init, track) => inits.push(track.codecString),
    onFragment: (fragment, info) => frags.push({ fragment, info }),
  });
  for (const b of packets) {
    const p = parseRtp(b);
    if (p.ok) remux.pushRtp(p.value);
  }
  if (end) remux.flush();
  return { inits, frags, remux };
}

const mdatOf = (f: Buffer): Buffer => findBox(parseBoxes(f), 'mdat').body;

describe('PsToFmp4 cases', () => {
  it('reassembles a frame whose 4-byte start code is cut between two RTP packets', () => {
    const au = accessUnitsOf('h264', readSample('h264'))[0]!;
    const ps = muxPsFrame({ streamType: 0x1b, pts: 0, keyframe: true, data: joinAnnexB(au.nalus) });
    const idr = au.nalus.find((n) => nalType('h264', n) === 5)!;
    const cut = ps.indexOf(idr) - 4 + 2; // two bytes of 00 00 00 01 in each packet
    const { packets } = packetizePs(ps, { ssrc: 1, sequence: 0, timestamp: 0, mtu: cut + 12 });
    expect(packets.length).toBeGreaterThan(2);
    const { inits, frags } = run(packets);
    expect(inits).toEqual(['avc1.4d401e']);
    expect(frags).toHaveLength(1);
    // Parameter sets (and AUDs) stay out of the sample: SEI and the IDR slice remain, length-prefixed.
    const kept = au.nalus.filter((n) => ![7, 8, 9].includes(nalType('h264', n)));
    const expected = Buffer.concat(
      kept.flatMap((n) => [Buffer.from([0, 0, (n.length >> 8) & 0xff, n.length & 0xff]), n]),
    );
    expect(mdatOf(frags[0]!.fragment).equals(expected)).toBe(true);
  });

  it('takes parameter sets sent in a pack of their own before the IDR', () => {
    const au = accessUnitsOf('h264', readSample('h264'))[0]!;
    const isPs = (n: Buffer): boolean => [7, 8].includes(nalType('h264', n));
    const packs = [au.nalus.filter(isPs), au.nalus.filter((n) => !isPs(n))].map((nalus, i) =>
      muxPsFrame({ streamType: 0x1b, pts: i * 3600, keyframe: true, data: joinAnnexB(nalus) }),
    );
    let sequence = 0;
    const packets = packs.flatMap((ps, i) => {
      const r = packetizePs(ps, { ssrc: 1, sequence, timestamp: i * 3600 });
      sequence = r.nextSequence;
      return r.packets;
    });
    const { inits, frags } = run(packets, false);
    expect(inits).toEqual(['avc1.4d401e']);
    expect(frags.map((f) => f.info.keyframe)).toEqual([true]);
  });

  it('drops frames until the first keyframe with parameter sets', () => {
    const sent = sendPipeline('h264', readSample('h264'), { firstPts: 0, firstTimestamp: 0, firstSequence: 9 });
    const { inits, frags } = run(sent.filter((s) => s.frame >= 10).map((s) => s.packet));
    expect(inits).toHaveLength(1);
    expect(frags).toHaveLength(75);
    expect(frags[0]!.info).toEqual({ keyframe: true, dts: 0, pts: 0, duration: 3600, headroom: 0 });
  });

  it('emits a new init when the codec changes mid-stream', () => {
    const a = sendPipeline('h264', readSample('h264'), { firstPts: 0, firstTimestamp: 0, firstSequence: 0 });
    const b = sendPipeline('h265', readSample('h265'), {
      firstPts: 100 * 3600,
      firstTimestamp: 100 * 3600,
      firstSequence: a.length,
    });
    const { inits, frags } = run([...a, ...b].map((s) => s.packet));
    expect(inits).toEqual(['avc1.4d401e', 'hvc1.1.6.L63.90']);
    expect(frags).toHaveLength(200);
    expect(frags[100]!.info).toMatchObject({ keyframe: true, dts: 100 * 3600 });
  });

  it('ends frames on a timestamp change when the sender sets no marker', () => {
    const sent = sendPipeline('h264', readSample('h264'), { firstPts: 0, firstTimestamp: 0, firstSequence: 0 });
    const unmarked = sent.map((s) => {
      const copy = Buffer.from(s.packet);
      copy[1] = copy[1]! & 0x7f;
      return copy;
    });
    expect(run(unmarked, false).frags).toHaveLength(99); // the last frame waits for the next timestamp
    expect(run(unmarked).frags).toHaveLength(100);
  });

  it('falls back to the RTP clock when the PES timestamps stop advancing', () => {
    const aus = accessUnitsOf('h264', readSample('h264')).slice(0, 30);
    let sequence = 0;
    const packets = aus.flatMap((au, i) => {
      const ps = muxPsFrame({ streamType: 0x1b, pts: 0, keyframe: au.keyframe, data: joinAnnexB(au.nalus) });
      const r = packetizePs(ps, { ssrc: 1, sequence, timestamp: 0xffffffff - 3600 * 5 + i * 3000, mtu: 1400 });
      sequence = r.nextSequence;
      return r.packets;
    });
    const { frags } = run(packets);
    expect(frags.map((f) => f.info.dts)).toEqual(aus.map((_, i) => i * 3000));
    expect(frags.slice(1).every((f) => f.info.duration === 3000)).toBe(true);
  });

  it('reports what it received', () => {
    const sent = sendPipeline('h264', readSample('h264'), { firstPts: 0, firstTimestamp: 0, firstSequence: 0 });
    const { remux } = run(sent.map((s) => s.packet));
    const bytes = sent.reduce((n, s) => n + s.packet.length, 0);
    expect(remux.stats).toEqual({ packets: sent.length, frames: 100, lost: 0, errors: 0, bytesIn: bytes });
  });

  it('ignores packets whose payload is not PS at all', () => {
    const p: RtpPacket = {
      marker: true,
      payloadType: 96,
      sequence: 1,
      timestamp: 1,
      ssrc: 1,
      payload: Buffer.alloc(50, 0xff),
    };
    const remux = new PsToFmp4({ onInit: () => expect.fail('no init'), onFragment: () => expect.fail('no fragment') });
    remux.pushRtp(p);
    remux.pushRtp({ ...p, sequence: 2, timestamp: 2 });
    expect(remux.stats.errors).toBe(2);
  });
});
