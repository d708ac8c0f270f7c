// The MANSCDP handler registry: which code handles a device's MESSAGE, by root and then CmdType, and
// whether the device hears 200 before that code runs or the status it answers.
import type { ManscdpMessage, ManscdpRoot } from '@svc/gb28181';
import type { Registration } from './registry.js';

export type SipStatus = 200 | 400 | 403 | 486 | 500;

export interface ManscdpHandler {
  /**
   * 'after': the handler runs first and its returned status is the SIP answer (alarms: stored before
   * the device hears 200, so a device that hears nothing sends it again). 'before' (default): 200
   * goes out first, then the handler runs.
   */
  answer?: 'before' | 'after';
  handle(reg: Registration, m: ManscdpMessage): Promise<SipStatus | void> | SipStatus | void;
}

// CmdType is compared case-insensitively: firmware writes "Catalog", "catalog" and "CATALOG". The root
// is already canonical (readEnvelope).
const keyOf = (root: ManscdpRoot, cmdType: string) => `${root}:${cmdType.toLowerCase()}`;

export class ManscdpHandlers {
  private readonly handlers = new Map<string, ManscdpHandler>();

  /** `unhandled` takes what no handler claims (it runs after the 200). */
  constructor(private readonly unhandled: (reg: Registration, m: ManscdpMessage) => Promise<void> | void) {}

  /** Answers the unregister function; a second handler for the same root and CmdType is a bug. */
  register(root: ManscdpRoot, cmdType: string, handler: ManscdpHandler): () => void {
    const key = keyOf(root, cmdType);
    if (this.handlers.has(key)) throw new Error(`a MANSCDP handler for ${root} ${cmdType} is already registered`);
    this.handlers.set(key, handler);
    return () => {
      if (this.handlers.get(key) === handler) this.handlers.delete(key);
    };
  }

  /** Runs the message's handler and answers the device through `reply`, before or after it as it asks. */
  async dispatch(reg: Registration, m: ManscdpMessage, reply: (status: SipStatus) => void): Promise<void> {
    const handler = this.handlers.get(keyOf(m.root, m.cmdType));
    if (handler?.answer === 'after') {
      reply((await handler.handle(reg, m)) ?? 200);
      return;
    }
    reply(200);
    if (handler) await handler.handle(reg, m);
    else await this.unhandled(reg, m);
  }
}
