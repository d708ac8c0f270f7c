// What the recovery steps hand to each other, kept in session storage so a reload mid-flow keeps the place.
import type { ResetChannel } from '@svc/contracts';
import type { FoundAccount } from './recovery-api';

export interface RecoveryFlow {
  account?: FoundAccount;
  channel?: ResetChannel;
  /** When the last code was sent (ms), for the resend countdown. */
  sentAt?: number;
  expiresInSeconds?: number;
  code?: string;
}

const KEY = 'findback';

export function readFlow(): RecoveryFlow {
  try {
    return (JSON.parse(sessionStorage.getItem(KEY) ?? '{}') as RecoveryFlow) ?? {};
  } catch {
    return {};
  }
}

export function writeFlow(patch: RecoveryFlow): RecoveryFlow {
  const next = { ...readFlow(), ...patch };
  sessionStorage.setItem(KEY, JSON.stringify(next));
  return next;
}

export function clearFlow(): void {
  sessionStorage.removeItem(KEY);
}
