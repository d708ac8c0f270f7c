// Init segments: box tree, brands, track fields and the codec configuration records.
import { describe, expect, it } from 'vitest';
import { accessUnitsOf } from '../codec/annexb.js';
import { boxPaths, findBox, parseBoxes, readSample } from '../test-support.js';
import { writeInitSegment } from './init.js';
import { trackFromParameterSets, type VideoTrack } from './track.js';

function sampleTrack(codec: 'h264' | 'h265'): VideoTrack {
  const track = trackFromParameterSets(codec, accessUnitsOf(codec, readSample(codec))[0]!.nalus);
  if (!track) throw new Error('sample has no parameter sets');
  return track;
}

const H264_PATHS = [
  'ftyp',
  'moov',
  'moov/mvhd',
  'moov/trak',
  'moov/trak/tkhd',
  'moov/trak/mdia',
  'moov/trak/mdia/mdhd',
  'moov/trak/mdia/hdlr',
  'moov/trak/mdia/minf',
  'moov/trak/mdia/minf/vmhd',
  'moov/trak/mdia/minf/dinf',
  'moov/trak/mdia/minf/dinf/dref',
  'moov/trak/mdia/minf/dinf/dref/url ',
  'moov/trak/mdia/minf/stbl',
  'moov/trak/mdia/minf/stbl/stsd',
  'moov/trak/mdia/minf/stbl/stsd/avc1',
  'moov/trak/mdia/minf/stbl/stsd/avc1/avcC',
  'moov/trak/mdia/minf/stbl/stts',
  'moov/trak/mdia/minf/stbl/stsc',
  'moov/trak/mdia/minf/stbl/stsz',
  'moov/trak/mdia/minf/stbl/stco',
  'moov/mvex',
  'moov/mvex/trex',
];

describe('writeInitSegment', () => {
  const track = sampleTrack('h264');
  const boxes = parseBoxes(writeInitSegment(track));

  it('lays out ftyp and moov with every box a player needs, sizes tiling exactly', () => {
    expect(boxPaths(boxes)).toEqual(H264_PATHS);
  });

  it('declares isom with iso5 and avc1 brands', () => {
    const ftyp = findBox(boxes, 'ftyp').body;
    expect(ftyp.toString('latin1', 0, 4)).toBe('isom');
    expect(ftyp.toString('latin1', 8)).toBe('isomiso5iso6mp41avc1');
  });

  it('writes a 640x360 video track at 90 kHz with empty sample tables', () => {
    const tkhd = findBox(boxes, 'moov/trak/tkhd').body;
    expect(tkhd.readUInt32BE(12)).toBe(1); // track_ID
    expect([tkhd.readUInt32BE(76), tkhd.readUInt32BE(80)]).toEqual([640 << 16, 360 << 16]);
    expect(findBox(boxes, 'moov/trak/mdia/mdhd').body.readUInt32BE(12)).toBe(90000);
    expect(findBox(boxes, 'moov/trak/mdia/hdlr').body.toString('latin1', 8, 12)).toBe('vide');
    for (const t of ['stts', 'stsc', 'stco']) {
      expect(findBox(boxes, `moov/trak/mdia/minf/stbl/${t}`).body).toEqual(Buffer.alloc(8));
    }
    expect(findBox(boxes, 'moov/trak/mdia/minf/stbl/stsz').body).toEqual(Buffer.alloc(12));
    expect(findBox(boxes, 'moov/mvex/trex').body).toEqual(
      Buffer.from('00000000 00000001 00000001 00000000 00000000 00000000'.replace(/ /g, ''), 'hex'),
    );
    const avc1 = findBox(boxes, 'moov/trak/mdia/minf/stbl/stsd/avc1').body;
    expect([avc1.readUInt16BE(24), avc1.readUInt16BE(26)]).toEqual([640, 360]);
  });

  it('writes avcC from the SPS and PPS bytes', () => {
    const avcC = findBox(boxes, 'moov/trak/mdia/minf/stbl/stsd/avc1/avcC').body;
    expect(avcC.subarray(0, 6)).toEqual(Buffer.from([1, 0x4d, 0x40, 0x1e, 0xff, 0xe1]));
    expect(avcC.readUInt16BE(6)).toBe(track.sps.length);
    expect(avcC.subarray(8, 8 + track.sps.length)).toEqual(track.sps);
    const ppsAt = 8 + track.sps.length;
    expect(avcC[ppsAt]).toBe(1);
    expect(avcC.subarray(ppsAt + 3)).toEqual(track.pps);
  });

  it('writes hvc1 with hvcC holding VPS, SPS and PPS arrays for H.265', () => {
    const t = sampleTrack('h265');
    expect(t).toMatchObject({ codecString: 'hvc1.1.6.L63.90', width: 640, height: 360 });
    const b = parseBoxes(writeInitSegment(t));
    expect(findBox(b, 'ftyp').body.toString('latin1', 8)).toBe('isomiso5iso6mp41hvc1');
    const hvcC = findBox(b, 'moov/trak/mdia/minf/stbl/stsd/hvc1/hvcC').body;
    expect(hvcC.subarray(0, 13).toString('hex')).toBe('01' + '01' + '60000000' + '900000000000' + '3f');
    expect(hvcC[21]! & 3).toBe(3); // 4-byte NAL lengths
    expect(hvcC[22]).toBe(3);
    let at = 23;
    for (const [type, nal] of [
      [32, t.vps!],
      [33, t.sps],
      [34, t.pps],
    ] as const) {
      expect([hvcC[at], hvcC.readUInt16BE(at + 1), hvcC.readUInt16BE(at + 3)]).toEqual([0x80 | type, 1, nal.length]);
      expect(hvcC.subarray(at + 5, at + 5 + nal.length)).toEqual(nal);
      at += 5 + nal.length;
    }
    expect(at).toBe(hvcC.length);
  });

  it('builds no track without a PPS or from a broken SPS', () => {
    expect(trackFromParameterSets('h264', [track.sps])).toBeUndefined();
    expect(trackFromParameterSets('h264', [Buffer.from([0x67, 0x4d]), track.pps])).toBeUndefined();
  });
});
