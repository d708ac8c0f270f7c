// Test-only helpers: the bundled samples, the sender pipeline, and an ffprobe wrapper (not exported by index.ts).
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { accessUnitsOf, joinAnnexB, type VideoCodec } from './codec/annexb.js';
import { muxPsFrame } from './ps/mux.js';
import { STREAM_TYPE } from './ps/stream-types.js';
import { packetizePs } from './rtp/packetize.js';

const ASSETS = new URL('../../../apps/device-sim/assets/', import.meta.url);

export function readSample(codec: VideoCodec): Buffer {
  return readFileSync(new URL(`sample-640x360-25fps.${codec}`, ASSETS));
}

export const FFPROBE = '/usr/bin/ffprobe';
export const hasFfprobe = existsSync(FFPROBE);

export interface ProbedStream {
  codec_name: string;
  width: number;
  height: number;
  r_frame_rate: string;
  nb_read_frames: string;
}

/** ffprobe as an independent reader; `format` forces a demuxer (e.g. 'mpeg' for PS). */
export function probe(file: string, format?: string): ProbedStream {
  const args = ['-v', 'error', ...(format ? ['-f', format] : []), '-select_streams', 'v:0', '-count_frames'];
  args.push('-show_entries', 'stream=codec_name,width,height,r_frame_rate,nb_read_frames', '-of', 'json', file);
  const parsed = JSON.parse(execFileSync(FFPROBE, args, { encoding: 'utf8' })) as { streams: ProbedStream[] };
  const s = parsed.streams[0];
  if (!s) throw new Error(`ffprobe found no video stream in ${file}`);
  return s;
}

export interface SenderOptions {
  firstPts: number;
  firstTimestamp: number;
  firstSequence: number;
  mtu?: number;
}

/** The simulator's send path: access units → one PS pack each → RTP packets, with their frame index. */
export function sendPipeline(codec: VideoCodec, es: Buffer, o: SenderOptions): { frame: number; packet: Buffer }[] {
  const streamType = codec === 'h264' ? STREAM_TYPE.H264 : STREAM_TYPE.H265;
  const out: { frame: number; packet: Buffer }[] = [];
  let sequence = o.firstSequence;
  accessUnitsOf(codec, es).forEach((au, i) => {
    const pts = (o.firstPts + i * 3600) % 2 ** 33;
    const ps = muxPsFrame({ streamType, pts, keyframe: au.keyframe, data: joinAnnexB(au.nalus) });
    const timestamp = (o.firstTimestamp + i * 3600) % 2 ** 32;
    const r = packetizePs(ps, { ssrc: 0x1234, sequence, timestamp, ...(o.mtu ? { mtu: o.mtu } : {}) });
    sequence = r.nextSequence;
    for (const packet of r.packets) out.push({ frame: i, packet });
  });
  return out;
}

export function hex(s: string): Buffer {
  return Buffer.from(s.replace(/\s+/g, ''), 'hex');
}

export interface BoxNode {
  type: string;
  body: Buffer;
  children: BoxNode[];
}

const CONTAINERS = new Set(['moov', 'trak', 'mdia', 'minf', 'dinf', 'stbl', 'mvex', 'moof', 'traf']);
/** Boxes holding a header before their child boxes, and the header size. */
const HEADED = new Map([
  ['stsd', 8],
  ['dref', 8],
  ['avc1', 78],
  ['hvc1', 78],
]);

/** A strict ISO BMFF walker for tests: sizes must tile the buffer exactly. */
export function parseBoxes(buf: Buffer): BoxNode[] {
  const out: BoxNode[] = [];
  let at = 0;
  while (at < buf.length) {
    const size = buf.readUInt32BE(at);
    if (size < 8 || at + size > buf.length) throw new Error(`bad box size ${size} at ${at}`);
    const type = buf.toString('latin1', at + 4, at + 8);
    const body = buf.subarray(at + 8, at + size);
    const skip = CONTAINERS.has(type) ? 0 : HEADED.get(type);
    out.push({ type, body, children: skip === undefined ? [] : parseBoxes(body.subarray(skip)) });
    at += size;
  }
  return out;
}

/** Paths of all boxes, e.g. 'moov/trak/tkhd'. */
export function boxPaths(nodes: BoxNode[], prefix = ''): string[] {
  return nodes.flatMap((n) => [prefix + n.type, ...boxPaths(n.children, `${prefix}${n.type}/`)]);
}

export function findBox(nodes: BoxNode[], path: string): BoxNode {
  const [head, ...rest] = path.split('/');
  const n = nodes.find((x) => x.type === head);
  if (!n) throw new Error(`no box ${path}`);
  return rest.length ? findBox(n.children, rest.join('/')) : n;
}
