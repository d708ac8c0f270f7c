// The MANSCDP handler registry: dispatch by root and CmdType, when the device hears its answer, and registration rules.
import { decodeManscdp, encodeBody, type ManscdpMessage } from '@svc/gb28181';
import { describe, expect, it } from 'vitest';
import { ManscdpHandlers, type SipStatus } from './handlers.js';
import type { Registration } from './registry.js';

const DEV = '34020000001320000001';
const reg: Registration = {
  gbCode: DEV,
  deviceId: 1,
  enterpriseId: 1,
  devType: 'IPC',
  peer: { transport: 'UDP', address: '192.168.1.64', port: 5060 },
  expiresAt: 0,
  keepaliveInterval: 60,
  lastSeen: 0,
  bucket: 0,
};

function message(root: string, cmdType: string): ManscdpMessage {
  const r = decodeManscdp(
    encodeBody(`<${root}><CmdType>${cmdType}</CmdType><SN>7</SN><DeviceID>${DEV}</DeviceID></${root}>`, 'GB2312'),
  );
  if (!r.ok) throw new Error(r.error);
  return r.value;
}

/** Dispatches and records, in order, the SIP answers and what the handlers and the fallback saw. */
async function run(handlers: ManscdpHandlers, m: ManscdpMessage, events: string[]): Promise<void> {
  await handlers.dispatch(reg, m, (status: SipStatus) => events.push(`reply ${status}`));
}

describe('MANSCDP handler registry', () => {
  it('dispatches by root, then CmdType in any case', async () => {
    const events: string[] = [];
    const handlers = new ManscdpHandlers((_, m) => void events.push(`unhandled ${m.root} ${m.cmdType}`));
    handlers.register('Notify', 'Catalog', { handle: (_, m) => void events.push(`notify catalog ${m.cmdType}`) });
    handlers.register('Response', 'catalog', { handle: () => void events.push('response catalog') });

    await run(handlers, message('Notify', 'CATALOG'), events);
    await run(handlers, message('Response', 'Catalog'), events);
    await run(handlers, message('Query', 'Catalog'), events);
    await run(handlers, message('Notify', 'Keepalive'), events);

    expect(events).toEqual([
      'reply 200',
      'notify catalog CATALOG',
      'reply 200',
      'response catalog',
      'reply 200',
      'unhandled Query Catalog',
      'reply 200',
      'unhandled Notify Keepalive',
    ]);
  });

  it('answers 200 before a handler runs, unless it asks to answer after with its own status', async () => {
    const events: string[] = [];
    const handlers = new ManscdpHandlers(() => undefined);
    handlers.register('Notify', 'Keepalive', {
      handle: async (): Promise<SipStatus> => {
        events.push('keepalive handled');
        return 486;
      },
    });
    handlers.register('Notify', 'Alarm', {
      answer: 'after',
      handle: async (): Promise<SipStatus> => {
        await new Promise((resolve) => setTimeout(resolve, 5));
        events.push('alarm stored');
        return 486;
      },
    });
    handlers.register('Notify', 'MediaStatus', { answer: 'after', handle: () => undefined });

    await run(handlers, message('Notify', 'Keepalive'), events);
    await run(handlers, message('Notify', 'alarm'), events);
    await run(handlers, message('Notify', 'MediaStatus'), events);

    // A 'before' handler's status is not an answer: the device already heard 200.
    expect(events).toEqual(['reply 200', 'keepalive handled', 'alarm stored', 'reply 486', 'reply 200']);
  });

  it('leaves a failing handler to the caller, with or without an answer sent', async () => {
    const events: string[] = [];
    const handlers = new ManscdpHandlers(() => undefined);
    handlers.register('Notify', 'Alarm', { answer: 'after', handle: () => Promise.reject(new Error('db down')) });
    handlers.register('Notify', 'Catalog', { handle: () => Promise.reject(new Error('db down')) });

    await expect(run(handlers, message('Notify', 'Alarm'), events)).rejects.toThrow('db down');
    expect(events).toEqual([]);
    await expect(run(handlers, message('Notify', 'Catalog'), events)).rejects.toThrow('db down');
    expect(events).toEqual(['reply 200']);
  });

  it('refuses a second handler for the same root and CmdType', () => {
    const handlers = new ManscdpHandlers(() => undefined);
    handlers.register('Notify', 'Alarm', { handle: () => undefined });
    expect(() => handlers.register('Notify', 'ALARM', { handle: () => undefined })).toThrow(/already registered/);
    // Another root is another key.
    expect(() => handlers.register('Response', 'Alarm', { handle: () => undefined })).not.toThrow();
  });

  it('sends a message to the fallback once its handler is unregistered, and frees the key', async () => {
    const events: string[] = [];
    const handlers = new ManscdpHandlers((_, m) => void events.push(`unhandled ${m.cmdType}`));
    const off = handlers.register('Response', 'RecordInfo', { handle: () => void events.push('record info') });
    await run(handlers, message('Response', 'RecordInfo'), events);
    off();
    await run(handlers, message('Response', 'RecordInfo'), events);
    expect(events).toEqual(['reply 200', 'record info', 'reply 200', 'unhandled RecordInfo']);

    // Unregistering twice does not remove a handler registered since.
    handlers.register('Response', 'RecordInfo', { handle: () => void events.push('new record info') });
    off();
    await run(handlers, message('Response', 'RecordInfo'), events);
    expect(events.at(-1)).toBe('new record info');
  });
});
