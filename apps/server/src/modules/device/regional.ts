// Regional configuration (SPEC §3): the parts of an enterprise's GB/T 28181 codes. A device added
// without a code gets the next one composed from it; a given code must name the device's type. The
// code (area, unit, industry, network digits) is held by one enterprise only, and the row keeps the
// enterprise's enrolment secret: what a device not yet added proves to enrol itself (the gateway).
import { randomInt } from 'node:crypto';
import { GB_TYPE_CODES, composeGbCode, parseGbCode } from '@svc/contracts';
import type { Db } from '../../db/database.js';
import { AppError } from '../../http/app-error.js';
import type { Principal } from '../../http/auth.js';
import { regionalRepo } from './regional-repo.js';

const SECRET_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
/** 20 of 62 characters: 119 bits, beyond guessing by REGISTER. */
const SECRET_LENGTH = 20;

/**
 * Who administers the caller's enterprise, and so alone sees and regenerates its enrolment secret: its
 * main account (a cloud account) or the platform's super administrator, the accounts that hold every
 * privilege by themselves (SPEC §6). Staff hold privileges through roles, whatever the keys (even
 * GB28181, which edits the regional configuration), and never administer: a role is handed out too
 * freely for a credential that puts devices into the enterprise.
 */
export const administersEnterprise = (p: Principal): boolean => p.isCloudAccount || p.isSuperAdmin;

/** A new enrolment secret: letters and digits only, which every device's SIP password field accepts. */
export function newEnrolmentSecret(): string {
  let out = '';
  for (let i = 0; i < SECRET_LENGTH; i++) out += SECRET_ALPHABET[randomInt(SECRET_ALPHABET.length)];
  return out;
}

/** Refuses a GB code whose type digits do not belong to the device type. */
export function checkGbType(gbCode: string, devType: 'IPC' | 'NVR' | 'DVR'): void {
  const parsed = parseGbCode(gbCode);
  if (!parsed) throw AppError.param('gbCode', 'device.gbCode');
  const allowed = GB_TYPE_CODES[devType];
  if (!allowed.includes(parsed.typeCode))
    throw AppError.param('gbCode', 'device.gbCodeType', { type: devType, codes: allowed.join('/') });
}

/** The next free code under the enterprise's configuration for a device type, or null without one. */
export async function nextGbCode(db: Db, enterpriseId: number, devType: 'IPC' | 'NVR' | 'DVR'): Promise<string | null> {
  const config = await regionalRepo.get(db, enterpriseId);
  if (!config) return null;
  const prefix = composeGbCode({ ...config, typeCode: GB_TYPE_CODES[devType][0]! }, 0).slice(0, 14);
  const last = await regionalRepo.lastSerial(db, prefix);
  const serial = last === null ? 1 : last + 1;
  if (serial > 999_999) return null;
  return `${prefix}${String(serial).padStart(6, '0')}`;
}
