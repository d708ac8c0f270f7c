// A live fragment as every viewer gets it. With thousands of viewers of one stream, framing each
// fragment per viewer (ws.send: a header, a cork and two writes per socket) is most of the fan-out's
// cost; framing it once as one buffer makes each viewer a single socket write of shared bytes.

export interface Fragment {
  /** The fMP4 bytes: what HLS segments and non-WebSocket viewers use. A view into `frame`. */
  readonly data: Buffer;
  /** `data` behind a server→client WebSocket header: FIN, binary (opcode 2), unmasked, no RSV bits. */
  readonly frame: Buffer;
}

/** RFC 6455 §5.2 header length of an unmasked frame: 7-bit length, or 126 + 16-bit, or 127 + 64-bit. */
export const wsHeaderLength = (payload: number) => (payload < 126 ? 2 : payload < 65_536 ? 4 : 10);

/** Bytes a producer leaves before a payload so that any header fits there (PsToFmp4's headroom). */
export const WS_MAX_HEADER = 10;

function writeHeader(frame: Buffer, payloadLength: number): void {
  frame[0] = 0x82; // FIN + opcode 2
  const h = wsHeaderLength(payloadLength);
  if (h === 2) frame[1] = payloadLength;
  else if (h === 4) {
    frame[1] = 126;
    frame.writeUInt16BE(payloadLength, 2);
  } else {
    frame[1] = 127;
    frame.writeUInt32BE(Math.floor(payloadLength / 2 ** 32), 2);
    frame.writeUInt32BE(payloadLength >>> 0, 6);
  }
}

/**
 * The payload framed. `headroom` is how many bytes before the payload in its buffer are free for the
 * header (the producer says so: PsToFmp4's headroom option); with enough, the header is written there
 * and the payload is not copied.
 */
export function wsBinaryFrame(payload: Buffer, headroom = 0): Fragment {
  const h = wsHeaderLength(payload.length);
  if (headroom >= h && payload.byteOffset >= h) {
    const frame = Buffer.from(payload.buffer, payload.byteOffset - h, h + payload.length);
    writeHeader(frame, payload.length);
    return { frame, data: payload };
  }
  // Not allocUnsafe: small buffers would be slices of Node's shared 8 KB pool, and the GOP cache
  // holding one would keep the whole slab alive.
  const frame = Buffer.allocUnsafeSlow(h + payload.length);
  writeHeader(frame, payload.length);
  payload.copy(frame, h);
  return { frame, data: frame.subarray(h) };
}
