// Media segments on literal values: moof fields, sample flags, data offset into mdat.
import { describe, expect, it } from 'vitest';
import { findBox, parseBoxes } from '../test-support.js';
import { DELTA_SAMPLE_FLAGS, KEY_SAMPLE_FLAGS, lengthPrefixed, writeMediaSegment } from './segment.js';

const key = lengthPrefixed([Buffer.from([0x65, 0x88]), Buffer.from([0x06, 0x05])]);
const delta = lengthPrefixed([Buffer.from([0x41, 0x9a, 0x02])]);

describe('writeMediaSegment', () => {
  const seg = writeMediaSegment(7, 2 ** 33 + 5, [
    { data: key, duration: 3600, keyframe: true, compositionOffset: 0 },
    { data: delta, duration: 3000, keyframe: false, compositionOffset: 1800 },
  ]);
  const boxes = parseBoxes(seg);

  it('writes moof(mfhd, traf(tfhd, tfdt, trun)) then mdat', () => {
    expect(boxes.map((b) => b.type)).toEqual(['moof', 'mdat']);
    expect(findBox(boxes, 'moof').children.map((b) => b.type)).toEqual(['mfhd', 'traf']);
    expect(findBox(boxes, 'moof/traf').children.map((b) => b.type)).toEqual(['tfhd', 'tfdt', 'trun']);
    expect(findBox(boxes, 'moof/mfhd').body).toEqual(Buffer.from('0000000000000007', 'hex'));
  });

  it('uses default-base-is-moof and a 64-bit tfdt', () => {
    expect(findBox(boxes, 'moof/traf/tfhd').body).toEqual(Buffer.from('0002000000000001', 'hex'));
    expect(findBox(boxes, 'moof/traf/tfdt').body).toEqual(
      Buffer.from('01000000 00000002 00000005'.replace(/ /g, ''), 'hex'),
    );
  });

  it('lists each sample with duration, size, flags and composition offset, and points into mdat', () => {
    const trun = findBox(boxes, 'moof/traf/trun').body;
    expect(trun.readUInt32BE(0)).toBe(0x00000f01);
    expect(trun.readUInt32BE(4)).toBe(2);
    const dataOffset = trun.readInt32BE(8);
    expect(dataOffset).toBe(findBox(boxes, 'moof').body.length + 8 + 8);
    const rows = [0, 1].map((k) => [0, 4, 8, 12].map((o) => trun.readUInt32BE(12 + 16 * k + o)));
    expect(rows).toEqual([
      [3600, key.length, KEY_SAMPLE_FLAGS, 0],
      [3000, delta.length, DELTA_SAMPLE_FLAGS, 1800],
    ]);
    expect(KEY_SAMPLE_FLAGS).toBe(0x02000000);
    expect(DELTA_SAMPLE_FLAGS & 0x00010000).toBe(0x00010000);
    expect(seg.subarray(dataOffset)).toEqual(Buffer.concat([key, delta]));
  });

  it('switches trun to version 1 for a negative composition offset', () => {
    const s = writeMediaSegment(1, 0, [{ data: delta, duration: 3600, keyframe: false, compositionOffset: -3600 }]);
    const trun = findBox(parseBoxes(s), 'moof/traf/trun').body;
    expect(trun[0]).toBe(1);
    expect(trun.readInt32BE(24)).toBe(-3600);
  });

  it('prefixes each NAL with its 4-byte length', () => {
    expect(key).toEqual(Buffer.from('00000002 6588 00000002 0605'.replace(/ /g, ''), 'hex'));
  });
});
