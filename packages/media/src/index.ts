// Pure media code, no sockets: RTP, PS, H.264/H.265 and fragmented MP4.
export type { ParseResult } from './result.js';

export { parseRtp, writeRtp, type RtpPacket } from './rtp/packet.js';
export { Rfc4571Deframer, frameRfc4571 } from './rtp/rfc4571.js';
export { RtpReorderer, seqDelta } from './rtp/reorder.js';
export { packetizePs } from './rtp/packetize.js';

export { PsDemuxer, STREAM_TYPE, type EsFrame } from './ps/demux.js';
export { muxPsFrame, type PsFrameInput } from './ps/mux.js';

export {
  splitAnnexB,
  nalType,
  isKeyframeNal,
  isParameterSetNal,
  accessUnitsOf,
  joinAnnexB,
  type VideoCodec,
} from './codec/annexb.js';
export { parseH264Sps, h264CodecString, type H264Sps } from './codec/h264.js';
export { parseH265Sps, h265CodecString, type H265Sps } from './codec/h265.js';

export { trackFromParameterSets, type VideoTrack } from './fmp4/track.js';
export { writeInitSegment } from './fmp4/init.js';
export { writeMediaSegment, lengthPrefixed, type Fmp4Sample } from './fmp4/segment.js';

export { PsToFmp4, type RemuxStats, type RemuxEvents, type FragmentInfo } from './live/ps-to-fmp4.js';
