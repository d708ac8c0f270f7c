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
export * from './manscdp/commands.js';

export {
  buildAnswerSdp,
  buildInviteSdp,
  makeSsrc,
  parseSdp,
  type InviteSdpArgs,
  type Sdp,
  type StreamMode,
} from './sdp.js';
