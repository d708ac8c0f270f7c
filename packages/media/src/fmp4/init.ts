// The fMP4 initialisation segment: ftyp + moov with one video track and mvex for fragments (ISO/IEC 14496-12).
import { parseH265Sps } from '../codec/h265.js';
import { box, fullBox, u16, u32, u8, UNITY_MATRIX, zeros } from './box.js';
import { avcC, hvcC } from './codec-config.js';
import type { VideoTrack } from './track.js';

export const TRACK_ID = 1;

function ftyp(track: VideoTrack): Buffer {
  const brands = ['isom', 'iso5', 'iso6', 'mp41', track.codec === 'h264' ? 'avc1' : 'hvc1'];
  return box('ftyp', Buffer.from('isom', 'latin1'), u32(0x200), Buffer.from(brands.join(''), 'latin1'));
}

function mvhd(): Buffer {
  return fullBox(
    'mvhd',
    0,
    0,
    u32(0, 0, 1000, 0), // creation, modification, timescale, duration
    u32(0x00010000),
    u16(0x0100),
    zeros(10),
    UNITY_MATRIX,
    zeros(24),
    u32(TRACK_ID + 1),
  );
}

function tkhd(track: VideoTrack): Buffer {
  return fullBox(
    'tkhd',
    0,
    0x000003, // enabled, in movie
    u32(0, 0, TRACK_ID, 0, 0), // creation, modification, track id, reserved, duration
    zeros(8),
    u16(0, 0, 0, 0), // layer, alternate group, volume, reserved
    UNITY_MATRIX,
    u32(track.width * 0x10000, track.height * 0x10000),
  );
}

function mdia(track: VideoTrack): Buffer {
  const mdhd = fullBox('mdhd', 0, 0, u32(0, 0, track.timescale, 0), u16(0x55c4, 0)); // language 'und'
  const hdlr = fullBox('hdlr', 0, 0, u32(0), Buffer.from('vide', 'latin1'), zeros(12), Buffer.from('VideoHandler\0'));
  const vmhd = fullBox('vmhd', 0, 1, zeros(8));
  const dinf = box('dinf', fullBox('dref', 0, 0, u32(1), fullBox('url ', 0, 1)));
  const empty = (type: string): Buffer => fullBox(type, 0, 0, u32(0));
  const stsz = fullBox('stsz', 0, 0, u32(0, 0));
  const stbl = box('stbl', stsd(track), empty('stts'), empty('stsc'), stsz, empty('stco'));
  return box('mdia', mdhd, hdlr, box('minf', vmhd, dinf, stbl));
}

function stsd(track: VideoTrack): Buffer {
  const config = codecConfig(track);
  const entry = box(
    track.codec === 'h264' ? 'avc1' : 'hvc1',
    zeros(6),
    u16(1), // data_reference_index
    zeros(16),
    u16(track.width, track.height),
    u32(0x00480000, 0x00480000, 0), // 72 dpi, reserved
    u16(1), // frame_count
    zeros(32), // compressorname
    u16(0x0018, 0xffff),
    config,
  );
  return fullBox('stsd', 0, 0, u32(1), entry);
}

function codecConfig(track: VideoTrack): Buffer {
  if (track.codec === 'h264') return avcC(track.sps, track.pps);
  const parsed = parseH265Sps(track.sps);
  const vps = track.vps ?? Buffer.alloc(0);
  if (parsed.ok) return hvcC(parsed.value, vps, track.sps, track.pps);
  // A track is only ever built from a parsed SPS; an unparsable one still gets a well-formed box.
  return box('hvcC', u8(1), zeros(22));
}

export function writeInitSegment(track: VideoTrack): Buffer {
  const trex = fullBox('trex', 0, 0, u32(TRACK_ID, 1, 0, 0, 0));
  const trak = box('trak', tkhd(track), mdia(track));
  return Buffer.concat([ftyp(track), box('moov', mvhd(), trak, box('mvex', trex))]);
}
