// Where a device's SIP requests go: the shared UDP socket (unreliable) or its own TCP connection.

export interface SipLink {
  readonly reliable: boolean;
  /** False when the bytes could not be handed to the transport (e.g. TCP not connected). */
  write(buf: Buffer): boolean;
}
