// Pure GB28181 code, no sockets: SIP and MANSCDP codecs used by the gateway and the simulator.
export type { ParseResult } from './result.js';

export {
  DEFAULT_SIP_LIMITS,
  getHeader,
  getHeaders,
  parseSipMessage,
  serializeSip,
  setHeader,
  type SipHeaders,
  type SipLimits,
  type SipMessage,
  type SipRequest,
  type SipResponse,
} from './sip/message.js';
export { SipStreamParser } from './sip/stream.js';
export {
  newBranch,
  newCallId,
  newTag,
  parseCSeq,
  parseNameAddr,
  parseParams,
  parseSipUri,
  parseVia,
  type NameAddr,
  type SipUri,
  type Via,
} from './sip/fields.js';
export { buildRequest, buildResponse, reasonPhrase, type RequestSpec } from './sip/build.js';
export {
  digestAuthorization,
  digestChallenge,
  digestResponse,
  parseDigestCredentials,
  verifyDigest,
  type DigestCredentials,
} from './sip/digest.js';
export {
  ClientTransactions,
  ServerTransactions,
  SIP_T1_MS,
  SIP_T2_MS,
  SIP_TRANSACTION_TIMEOUT_MS,
  SipTimeoutError,
  type ClientTransactionsOptions,
  type RequestOptions,
  type SipPeer,
  type SipTimers,
  type TimerHandle,
} from './sip/transactions.js';

export {
  child,
  childText,
  children,
  DEFAULT_XML_LIMITS,
  escapeXml,
  parseXml,
  type XmlElement,
  type XmlLimits,
} from './manscdp/xml.js';
export { decodeBody, encodeBody } from './manscdp/encoding.js';
export {
  decodeManscdp,
  MANSCDP_CONTENT_TYPE,
  readEnvelope,
  type ManscdpMessage,
  type ManscdpRoot,
} from './manscdp/message.js';
export { controlResponse, readResult } from './manscdp/shared.js';
export * from './manscdp/keepalive.js';
export * from './manscdp/catalog.js';
export * from './manscdp/device-info.js';
export * from './manscdp/device-status.js';
export * from './manscdp/device-control.js';
export * from './manscdp/device-config.js';
export * from './manscdp/config-download.js';
export * from './manscdp/alarm.js';
export * from './manscdp/media-status.js';

export {
  buildAnswerSdp,
  buildInviteSdp,
  makeSsrc,
  parseSdp,
  type InviteSdpArgs,
  type Sdp,
  type StreamMode,
} from './sdp.js';
