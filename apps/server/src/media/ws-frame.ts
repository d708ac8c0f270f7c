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

export function wsBinaryFrame(payload: Buffer): Fragment {
  const h = wsHeaderLength(payload.length);
  // Not allocUnsafe: small buffers would be slices of Node's shared 8 KB pool, and the GOP cache
  // holding one would keep the whole slab alive.
  const frame = Buffer.allocUnsafeSlow(h + payload.length);
  frame[0] = 0x82; // FIN + opcode 2
  if (h === 2) frame[1] = payload.length;
  else if (h === 4) {
    frame[1] = 126;
    frame.writeUInt16BE(payload.length, 2);
  } else {
    frame[1] = 127;
    frame.writeUInt32BE(Math.floor(payload.length / 2 ** 32), 2);
    frame.writeUInt32BE(payload.length >>> 0, 6);
  }
  payload.copy(frame, h);
  return { frame, data: frame.subarray(h) };
}
