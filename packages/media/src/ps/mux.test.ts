// PS packing: literal header fields, round trip through our demuxer, and ffprobe reading a whole stream.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { accessUnitsOf, joinAnnexB } from '../codec/annexb.js';
import { hasFfprobe, probe, readSample } from '../test-support.js';
import { PsDemuxer } from './demux.js';
import { crc32Mpeg, muxPsFrame } from './mux.js';
import { STREAM_TYPE } from './stream-types.js';
import { readTimestamp } from './timestamps.js';

const AU = Buffer.from('00000001 6588 84', 'hex');

describe('muxPsFrame', () => {
  it('writes pack header, system header and PSM on a keyframe, then a PES with PTS and DTS', () => {
    const ps = muxPsFrame({ streamType: STREAM_TYPE.H264, pts: 7200, dts: 3600, keyframe: true, data: AU });
    expect(ps.subarray(0, 4).toString('hex')).toBe('000001ba');
    expect(ps[4]! & 0xc4).toBe(0x44); // MPEG-2 marker bits
    expect(ps.subarray(14, 18).toString('hex')).toBe('000001bb');
    const psmAt = 14 + 6 + ps.readUInt16BE(18);
    expect(ps.subarray(psmAt, psmAt + 4).toString('hex')).toBe('000001bc');
    const psmLen = ps.readUInt16BE(psmAt + 4);
    expect(ps.subarray(psmAt + 12, psmAt + 16).toString('hex')).toBe('1be00000');
    expect(crc32Mpeg(ps.subarray(psmAt, psmAt + 6 + psmLen))).toBe(0); // a valid CRC leaves no remainder
    const pesAt = psmAt + 6 + psmLen;
    expect(ps.subarray(pesAt, pesAt + 4).toString('hex')).toBe('000001e0');
    expect(ps.readUInt16BE(pesAt + 4)).toBe(3 + 10 + AU.length);
    expect(ps.subarray(pesAt + 6, pesAt + 9).toString('hex')).toBe('84c00a');
    expect(readTimestamp(ps, pesAt + 9)).toBe(7200);
    expect(readTimestamp(ps, pesAt + 14)).toBe(3600);
    expect(ps.subarray(pesAt + 19)).toEqual(AU);
  });

  it('writes only the pack header and a PTS-only PES for other frames', () => {
    const ps = muxPsFrame({ streamType: STREAM_TYPE.H264, pts: 3600, keyframe: false, data: AU });
    expect(ps.length).toBe(14 + 9 + 5 + AU.length);
    expect(ps.subarray(14, 23).toString('hex')).toBe(`000001e0${(8 + AU.length).toString(16).padStart(4, '0')}848005`);
  });

  it('splits a frame over 64 KiB into several PES packets that demux back into one frame', () => {
    const data = Buffer.concat([Buffer.from('00000001 65', 'hex'), Buffer.alloc(150_000, 0x11)]);
    const ps = muxPsFrame({ streamType: STREAM_TYPE.H265, pts: 2 ** 33 - 1, keyframe: true, data });
    const d = new PsDemuxer();
    const frames = [...d.push(ps), ...d.flush()];
    expect(frames).toHaveLength(1);
    expect(frames[0]).toMatchObject({ kind: 'video', streamType: 0x24, pts: 2 ** 33 - 1 });
    expect(frames[0]!.data.equals(data)).toBe(true);
    expect(d.errors).toBe(0);
  });

  it('puts audio on stream 0xC0 and lists both streams in the PSM when asked', () => {
    const ps = muxPsFrame({
      streamType: STREAM_TYPE.G711A,
      pts: 90,
      keyframe: true,
      data: Buffer.from([0xd5, 0xd5]),
      psmStreamTypes: [STREAM_TYPE.H264, STREAM_TYPE.G711A],
    });
    const d = new PsDemuxer();
    expect([...d.push(ps), ...d.flush()].map((f) => [f.kind, f.streamType, f.data.toString('hex')])).toEqual([
      ['audio', 0x90, 'd5d5'],
    ]);
    expect([...d.streamTypes]).toEqual([
      [0xe0, 0x1b],
      [0xc0, 0x90],
    ]);
  });

  it.skipIf(!hasFfprobe)(
    'writes a stream ffprobe reads as 100 H.264 frames of 640x360 (skipped without ffprobe)',
    () => {
      const aus = accessUnitsOf('h264', readSample('h264'));
      const packs = aus.map((au, i) =>
        muxPsFrame({
          streamType: STREAM_TYPE.H264,
          pts: 3600 + i * 3600,
          keyframe: au.keyframe,
          data: joinAnnexB(au.nalus),
        }),
      );
      const file = join(mkdtempSync(join(tmpdir(), 'media-')), 'sample.ps');
      writeFileSync(file, Buffer.concat(packs));
      expect(probe(file, 'mpeg')).toMatchObject({ codec_name: 'h264', width: 640, height: 360, nb_read_frames: '100' });
    },
  );
});
