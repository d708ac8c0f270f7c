// Every answer code of SPEC §8 (response, device interface and cloud codes) and the HTTP status each maps to.

/** Codes the console's api client reacts to (SPEC §8 "Response codes"), plus platform codes the SPEC leaves implicit. */
export const ResponseCode = {
  SUCCESS: 1,
  /** Session missing, forged or expired: the console clears its storage and goes home. */
  SESSION_EXPIRED: 1001,
  /** Verification code (captcha) required or wrong. */
  VERIFICATION_CODE: 1002,
  /** Account disabled (enterprise or employee). */
  ACCOUNT_DISABLED: 14004,
  /** Too many requests of one kind in a short time. */
  TOO_FREQUENT: 111,
  /** Playback list empty: passed through by the console (SPEC §8). */
  PLAYBACK_EMPTY: 113,
  /** Passed through silently by the console (SPEC §8). */
  SILENT: 14054,
  /** Server error: the console shows the message and goes to /500. */
  SERVER_ERROR: 502,
  /** Platform codes for classes SPEC §8 does not number. */
  NOT_FOUND: 404,
  CONFLICT: 409,
} as const;

/** Cloud codes of SPEC §8. */
export const CloudCode = {
  PARAMETER_ERROR: 4000,
  DEVICE_TOKEN_INVALID: 4001,
  DEVICE_TOKEN_EXPIRED: 4002,
  USER_TOKEN_INVALID: 4003,
  USER_TOKEN_EXPIRED: 4004,
  NOT_LOGGED_IN: 4100,
  DEVICE_OFFLINE: 4101,
  SNAPSHOT_FAILED: 4102,
  WAKE_UP_FAILED: 4103,
  LIVE_ADDRESS_TIMEOUT: 4104,
  MEDIA_SERVER_ERROR: 4105,
  VOICE_CALL_FAILED: 4106,
  ALARM_SUBSCRIPTION_FAILED: 4107,
  SMS_ALARM_FAILED: 4108,
  VOICE_ALARM_FAILED: 4109,
  UNSUPPORTED_SERVICE: 4110,
  TRAFFIC_PLAN_NOT_ACTIVATED: 4111,
  TRAFFIC_PLAN_EXPIRED: 4112,
  SERVICE_FAILED: 4113,
  NO_PERMISSION: 4117,
  NETWORK_TIMEOUT: 4118,
  CLOUD_STORAGE_NOT_ACTIVATED: 4119,
  PARAMETER_ERROR_2: 5005,
  BAD_SIGNATURE: 14002,
  DEVICE_LOGIN_FAILED: 14006,
  WRONG_CREDENTIALS: 14020,
  USER_LOCKED: 14022,
  BLACKLISTED: 14023,
  WAKE_UP_FAILED_2: 14027,
} as const;

/**
 * Device interface codes of SPEC §8 (the `Ret` of /api/restful answers).
 * The numbered ranges 202–221 and 502–523 are listed whole so every Ret a device sends has a message.
 */
export const DEVICE_CODES: readonly number[] = [
  100,
  101,
  102,
  103,
  104,
  105,
  106,
  107,
  108,
  109,
  110,
  111,
  112,
  113,
  114,
  115,
  117,
  120,
  121,
  122,
  123,
  124,
  126,
  127,
  130,
  131,
  132,
  140,
  150,
  160,
  161,
  162,
  ...range(202, 221),
  ...range(502, 523),
  602,
  603,
  604,
  605,
  606,
  607,
  609,
  5000,
];

export const DEVICE_RET_SUCCESS = 100;

export type ResponseCodeValue = (typeof ResponseCode)[keyof typeof ResponseCode];
export type CloudCodeValue = (typeof CloudCode)[keyof typeof CloudCode];
/** Any code a platform (non-device) answer can carry. */
export type AppCode = ResponseCodeValue | CloudCodeValue;

export const APP_CODES: readonly AppCode[] = [...Object.values(ResponseCode), ...Object.values(CloudCode)];

/** HTTP status for a platform code: the status mirrors the class of the answer (architecture §4). */
export function httpStatusOf(code: number): number {
  switch (code) {
    case ResponseCode.SUCCESS:
    case ResponseCode.PLAYBACK_EMPTY:
    case ResponseCode.SILENT:
      return 200;
    case CloudCode.PARAMETER_ERROR:
    case CloudCode.PARAMETER_ERROR_2:
    case ResponseCode.VERIFICATION_CODE:
    case CloudCode.BAD_SIGNATURE:
      return 400;
    case ResponseCode.SESSION_EXPIRED:
    case CloudCode.NOT_LOGGED_IN:
    case CloudCode.USER_TOKEN_INVALID:
    case CloudCode.USER_TOKEN_EXPIRED:
    case CloudCode.DEVICE_TOKEN_INVALID:
    case CloudCode.DEVICE_TOKEN_EXPIRED:
    case CloudCode.WRONG_CREDENTIALS:
      return 401;
    case CloudCode.NO_PERMISSION:
    case CloudCode.USER_LOCKED:
    case CloudCode.BLACKLISTED:
    case ResponseCode.ACCOUNT_DISABLED:
    case CloudCode.TRAFFIC_PLAN_NOT_ACTIVATED:
    case CloudCode.TRAFFIC_PLAN_EXPIRED:
    case CloudCode.CLOUD_STORAGE_NOT_ACTIVATED:
    case CloudCode.UNSUPPORTED_SERVICE:
      return 403;
    case ResponseCode.NOT_FOUND:
      return 404;
    case ResponseCode.CONFLICT:
      return 409;
    case ResponseCode.TOO_FREQUENT:
      return 429;
    case CloudCode.DEVICE_OFFLINE:
      return 503;
    case CloudCode.LIVE_ADDRESS_TIMEOUT:
    case CloudCode.NETWORK_TIMEOUT:
      return 504;
    default:
      return 500;
  }
}

function range(from: number, to: number): number[] {
  return Array.from({ length: to - from + 1 }, (_, i) => from + i);
}
