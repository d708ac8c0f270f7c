// The bundled sample clips as loop-ready access units, read and split once per process per codec.
import { readFileSync } from 'node:fs';
import { accessUnitsOf, joinAnnexB, STREAM_TYPE } from '@svc/media';
import type { Codec } from '../options.js';

export interface SampleFrame {
  /** Annex B bytes of one access unit (4-byte start codes). */
  data: Buffer;
  keyframe: boolean;
}

export interface Sample {
  codec: Codec;
  streamType: number;
  /** Starts with a keyframe, so looping back to index 0 restarts on a keyframe. */
  frames: SampleFrame[];
}

const cache = new Map<Codec, Sample>();

export function sampleUrl(codec: Codec): URL {
  return new URL(`../../assets/sample-640x360-25fps.${codec}`, import.meta.url);
}

export function loadSample(codec: Codec): Sample {
  const cached = cache.get(codec);
  if (cached !== undefined) return cached;
  const units = accessUnitsOf(codec, readFileSync(sampleUrl(codec)));
  const firstKey = units.findIndex((u) => u.keyframe);
  if (firstKey < 0) throw new Error(`sample ${codec} has no keyframe`);
  const frames = units.slice(firstKey).map((u) => ({ data: joinAnnexB(u.nalus), keyframe: u.keyframe }));
  const sample: Sample = { codec, streamType: codec === 'h264' ? STREAM_TYPE.H264 : STREAM_TYPE.H265, frames };
  cache.set(codec, sample);
  return sample;
}
