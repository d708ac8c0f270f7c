// AppError: how any layer says "answer this code"; the envelope turns it into {code, msg, data}.
import type { AppCode, MessageKey } from '@svc/contracts';

export type AppErrorDetails = {
  /** Message key to answer instead of the code's own message. */
  messageKey?: MessageKey;
  params?: Record<string, string | number>;
  /** For 4000: the field at fault, named in the message. */
  field?: string;
  /** Extra answer data the console uses (e.g. captchaRequired). */
  data?: unknown;
};

export class AppError extends Error {
  constructor(
    readonly code: AppCode,
    readonly details: AppErrorDetails = {},
  ) {
    super(`AppError ${code}${details.field ? ` (${details.field})` : ''}`);
    this.name = 'AppError';
  }

  /** A parameter error (4000) naming the field and the rule it broke. */
  static param(field: string, reason: MessageKey, params?: Record<string, string | number>): AppError {
    return new AppError(4000, { field, messageKey: reason, ...(params ? { params } : {}) });
  }
}
