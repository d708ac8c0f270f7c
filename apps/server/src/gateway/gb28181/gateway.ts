// The GB28181 gateway: one SIP server (UDP+TCP) that registers devices, keeps them alive, syncs
// their catalogs, and gives the rest of the server INVITE/BYE and device queries.
import { randomBytes, type KeyObject } from 'node:crypto';
import {
  buildResponse,
  ClientTransactions,
  decodeManscdp,
  readCatalog,
  ServerTransactions,
  type ManscdpMessage,
  type ManscdpRoot,
  type SipMessage,
  type SipRequest,
} from '@svc/gb28181';
import type { FastifyBaseLogger as Logger } from 'fastify';
import type { Config } from '../../config.js';
import { decryptSecret, encryptSecret } from '../../crypto/secrets.js';
import type { Db } from '../../db/database.js';
import { applyCatalogEvents } from './catalog.js';
import { DeviceCommands } from './commands.js';
import type { GatewayContext, GatewaySettings } from './context.js';
import { noDeviceWriter, type DeviceWriter } from './devices.js';
import { ManscdpHandlers, type ManscdpHandler, type SipStatus } from './handlers.js';
import { Invites, type Dialog } from './invite.js';
import { Registrar, deviceIdOf } from './registrar.js';
import { Registry, type OfflineReason, type Registration } from './registry.js';
import { gatewayRepo, sipPasswordRepo } from './repo.js';
import { SyncQueue } from './sync.js';
import { nodeTimers } from './timers.js';
import { SipTransport, samePeer, type Peer } from './transport.js';

export type { ManscdpHandler, SipStatus } from './handlers.js';

const REASONS = new Map<SipStatus, string>([
  [200, 'OK'],
  [400, 'Bad Request'],
  [403, 'Forbidden'],
  [486, 'Busy Here'],
  [500, 'Server Internal Error'],
]);

export type GatewayOptions = {
  db: Db;
  log: Logger;
  config: Config;
  /** Seals the device passwords and the generated default password kept in the database. */
  secretKey: KeyObject;
  now?: () => number;
  /** Tests shorten the post-registration jitter. */
  syncJitterMs?: number;
};

/** How stale the stored last sign of life of an online device may get (see noteSeen). */
export const SEEN_STORE_MS = 5 * 60_000;

export class Gb28181Gateway {
  readonly ctx: GatewayContext;
  readonly registry: Registry;
  readonly commands: DeviceCommands;
  readonly invites: Invites;
  readonly sync: SyncQueue;
  private readonly registrar: Registrar;
  private readonly offlineListeners = new Set<(reg: Registration, reason: OfflineReason) => void>();
  private readonly pendingOffline = new Set<number>();
  /** Last signs of life due to be written (keepalive_at), by device id. */
  private readonly pendingSeen = new Map<number, number>();
  /** The sign of life last written for each online device (registration writes the first). */
  private readonly seenStored = new Map<number, number>();
  private flushTimer: NodeJS.Timeout | undefined;
  private listening = false;
  /** Who handles a device's MESSAGE, by root and CmdType (onManscdp); the gateway's own come first. */
  private readonly manscdp = this.ownHandlers();
  /** Registrations restored at start need no catalog sync: they were synced before the restart. */
  private restoring = false;

  constructor(private readonly o: GatewayOptions) {
    const now = o.now ?? Date.now;
    const transport = new SipTransport(o.log, new ServerTransactions(nodeTimers));
    const settings: GatewaySettings = {
      id: o.config.sip.id,
      domain: o.config.sip.domain,
      password: o.config.sip.password ?? '',
      ip: o.config.media.ip,
      port: o.config.sip.port,
      syncJitterMs: o.syncJitterMs ?? 2000,
      syncConcurrency: 32,
    };
    this.registry = new Registry(now, {
      online: (reg, fresh) => {
        this.pendingOffline.delete(reg.deviceId);
        this.seenStored.set(reg.deviceId, reg.lastSeen);
        if (fresh && !this.restoring) this.sync.enqueue(reg.gbCode);
        // A registration refresh renews the catalog subscription (fresh ones get it after their sync).
        else if (!fresh)
          this.sync.subscribeCatalog(reg).catch((err: unknown) => o.log.warn({ err }, 'catalog subscription'));
      },
      offline: (reg, reason) => this.wentOffline(reg, reason),
    });
    this.ctx = {
      db: o.db,
      log: o.log,
      settings,
      transport,
      transactions: new ClientTransactions<Peer>({
        timers: nodeTimers,
        send: (bytes, peer) => transport.write(bytes, peer),
        reliable: (peer) => peer.transport === 'TCP',
        timeoutMs: 8000,
      }),
      registry: this.registry,
      secretKey: o.secretKey,
      devices: noDeviceWriter,
      now,
    };
    this.commands = new DeviceCommands(this.ctx);
    this.invites = new Invites(this.ctx);
    this.sync = new SyncQueue(this.ctx, this.commands);
    this.registrar = new Registrar(this.ctx);
    transport.onMessage = (msg, peer) => this.receive(msg, peer);
    transport.onTcpClose = (socket) => this.registry.connectionClosed(socket);
  }

  get settings(): GatewaySettings {
    return this.ctx.settings;
  }

  /** Binds SIP, restores UDP registrations that outlived a restart, starts the keepalive sweep. */
  async listen(host = this.o.config.deviceHost): Promise<{ port: number; generatedPassword: string | null }> {
    const password = await sipPassword(this.o.db, this.o.secretKey, this.o.config.sip.password);
    this.ctx.settings.password = password.value;
    this.ctx.settings.port = await this.ctx.transport.listen(this.o.config.sip.port, host);
    await this.restore();
    this.registry.start();
    this.flushTimer = setInterval(() => {
      this.flushOffline().catch((err: unknown) => this.ctx.log.error({ err }, 'offline flush'));
    }, 250);
    this.flushTimer.unref();
    this.listening = true;
    return { port: this.ctx.settings.port, generatedPassword: password.generated ? password.value : null };
  }

  async close(): Promise<void> {
    if (!this.listening) return;
    this.listening = false;
    this.registry.stop();
    this.sync.close();
    this.commands.close();
    this.ctx.transactions.failAll('gateway closed');
    if (this.flushTimer) clearInterval(this.flushTimer);
    await this.flushOffline();
    await this.ctx.transport.close();
  }

  /** The device module's writers of device, channel and registration rows; the gateway keeps none. */
  useDevices(writer: DeviceWriter): void {
    this.ctx.devices = writer;
  }

  onOffline(listener: (reg: Registration, reason: OfflineReason) => void): () => void {
    this.offlineListeners.add(listener);
    return () => this.offlineListeners.delete(listener);
  }

  /**
   * Registers the handler of a MANSCDP root and CmdType (compared case-insensitively); answers the
   * unregister function. A second handler for the same key throws.
   */
  onManscdp(root: ManscdpRoot, cmdType: string, handler: ManscdpHandler): () => void {
    return this.manscdp.register(root, cmdType, handler);
  }

  registration(gbCode: string | null): Registration | undefined {
    return gbCode ? this.registry.get(gbCode) : undefined;
  }

  bye(dialog: Dialog): Promise<void> {
    return this.invites.bye(dialog);
  }

  private receive(msg: SipMessage, peer: Peer): void {
    if (msg.kind === 'response') {
      this.ctx.transactions.handleResponse(msg);
      return;
    }
    switch (msg.method) {
      case 'REGISTER':
        this.guard(this.registrar.handle(msg, peer), msg, peer);
        return;
      case 'MESSAGE':
      case 'NOTIFY':
        this.guard(this.message(msg, peer), msg, peer);
        return;
      case 'BYE':
        this.invites.handleBye(msg, peer);
        return;
      case 'ACK':
        return;
      case 'OPTIONS':
        this.ctx.transport.send(buildResponse(msg, 200, 'OK'), peer);
        return;
      default:
        this.ctx.transport.send(
          buildResponse(msg, 405, 'Method Not Allowed', {
            headers: [['Allow', 'REGISTER, MESSAGE, NOTIFY, BYE, ACK, OPTIONS']],
          }),
          peer,
        );
    }
  }

  /** A failing handler (database down …) answers 500 instead of leaving the device guessing. */
  private guard(work: Promise<void>, req: SipRequest, peer: Peer): void {
    work.catch((err: unknown) => {
      this.ctx.log.error({ err, method: req.method }, 'sip request failed');
      try {
        this.ctx.transport.send(buildResponse(req, 500, 'Server Internal Error'), peer);
      } catch (sendErr) {
        // A request that cannot even be refused is logged, never an unhandled rejection.
        this.ctx.log.error({ err: sendErr }, 'sip 500 not sent');
      }
    });
  }

  private async message(req: SipRequest, peer: Peer): Promise<void> {
    const reply = (status: number, reason: string) => this.ctx.transport.send(buildResponse(req, status, reason), peer);
    const gbCode = deviceIdOf(req);
    const reg = gbCode ? this.registry.get(gbCode) : undefined;
    // Only a registered device, and only over the transport it registered on, may speak.
    if (!reg || !samePeer(reg.peer, peer)) return reply(403, 'Forbidden');
    const decoded = decodeManscdp(req.body);
    if (!decoded.ok) {
      this.ctx.log.debug({ gbCode, error: decoded.error }, 'malformed MANSCDP body');
      return reply(400, 'Bad Request');
    }
    this.registry.touch(reg);
    this.noteSeen(reg);
    await this.manscdp.dispatch(reg, decoded.value, (status) => reply(status, REASONS.get(status) ?? 'OK'));
  }

  /** Catalog subscription events, and keepalives (the touch in message() is all they need). */
  private ownHandlers(): ManscdpHandlers {
    const handlers = new ManscdpHandlers((reg, m) => this.unhandled(reg, m));
    handlers.register('Notify', 'Catalog', {
      handle: async (reg, m) => {
        const c = readCatalog(m);
        if (!c.ok) return;
        await applyCatalogEvents(
          this.ctx,
          { id: reg.deviceId, enterpriseId: reg.enterpriseId, gbCode: reg.gbCode },
          c.value.items,
        );
      },
    });
    handlers.register('Notify', 'Keepalive', { handle: () => undefined });
    return handlers;
  }

  /** A Response no handler claims answers a query someone is waiting for; anything else is only logged. */
  private unhandled(reg: Registration, m: ManscdpMessage): void {
    if (m.root === 'Response') this.commands.deliver(reg, m);
    else this.ctx.log.debug({ gbCode: reg.gbCode, root: m.root, cmdType: m.cmdType }, 'unhandled MANSCDP message');
  }

  /**
   * The device list shows when a device was last heard from (keepalive_at). Writing every keepalive
   * would be a row update per device a minute; an online device's is written at most every
   * SEEN_STORE_MS, and the exact last one when it goes offline, where it matters most.
   */
  private noteSeen(reg: Registration): void {
    if (reg.lastSeen - (this.seenStored.get(reg.deviceId) ?? 0) < SEEN_STORE_MS) return;
    this.seenStored.set(reg.deviceId, reg.lastSeen);
    this.pendingSeen.set(reg.deviceId, reg.lastSeen);
  }

  private wentOffline(reg: Registration, reason: OfflineReason): void {
    this.ctx.log.info({ gbCode: reg.gbCode, reason }, 'device offline');
    this.pendingOffline.add(reg.deviceId);
    this.seenStored.delete(reg.deviceId);
    this.pendingSeen.set(reg.deviceId, reg.lastSeen);
    this.invites.dropDevice(reg.gbCode);
    for (const l of this.offlineListeners) l(reg, reason);
  }

  /** Offline transitions are written in batches: a network blip can take thousands at once. */
  private async flushOffline(): Promise<void> {
    await this.flushSeen();
    if (this.pendingOffline.size === 0) return;
    const ids = [...this.pendingOffline];
    this.pendingOffline.clear();
    try {
      await this.ctx.devices.markOffline(ids);
    } catch (err) {
      this.ctx.log.error({ err }, 'could not record offline devices');
      for (const id of ids) this.pendingOffline.add(id);
    }
  }

  private async flushSeen(): Promise<void> {
    if (this.pendingSeen.size === 0) return;
    const rows = [...this.pendingSeen].map(([id, at]) => ({ id, at: new Date(at) }));
    this.pendingSeen.clear();
    try {
      await gatewayRepo.markSeen(this.ctx.db, rows);
    } catch (err) {
      this.ctx.log.error({ err }, 'could not record when devices were last seen');
      // A newer sign of life noted meanwhile wins over the one that failed.
      for (const r of rows) if (!this.pendingSeen.has(r.id)) this.pendingSeen.set(r.id, r.at.getTime());
    }
  }

  private async restore(): Promise<void> {
    const rows = await this.ctx.devices.restorable(new Date(this.ctx.now()));
    this.restoring = true;
    for (const r of rows) {
      this.registry.register({
        gbCode: r.gb_code!,
        deviceId: r.id,
        enterpriseId: r.enterprise_id,
        devType: r.dev_type,
        peer: { transport: 'UDP', address: r.sip_address ?? '', port: r.sip_port ?? 5060 },
        expiresAt: r.register_expires_at!.getTime(),
        keepaliveInterval: r.keepalive_interval,
      });
    }
    this.restoring = false;
    if (rows.length > 0) this.ctx.log.info({ devices: rows.length }, 'restored udp registrations');
  }
}

/** The default device password: configured, else generated once and kept, sealed, in the database. */
async function sipPassword(
  db: Db,
  key: KeyObject,
  configured: string | undefined,
): Promise<{ value: string; generated: boolean }> {
  if (configured) return { value: configured, generated: false };
  const stored = await sipPasswordRepo.get(db);
  if (stored !== undefined) return { value: decryptSecret(key, stored), generated: false };
  const value = randomBytes(9).toString('base64url');
  await sipPasswordRepo.insertIfAbsent(db, encryptSecret(key, value));
  // Two processes starting at once may both generate one: the row that landed first is everyone's.
  const kept = await sipPasswordRepo.get(db);
  if (kept === undefined) throw new Error('the SIP password just stored cannot be read back');
  const plain = decryptSecret(key, kept);
  return { value: plain, generated: plain === value };
}
