// Registered devices in memory: who is online, through which transport, and when each is due to be
// declared offline. One timer sweeps a wheel of one-second buckets, so 50,000 devices cost no
// more timers than one and a keepalive is O(1).
import type { Peer } from './transport.js';

export interface Registration {
  gbCode: string;
  deviceId: number;
  enterpriseId: number;
  devType: 'IPC' | 'NVR' | 'DVR';
  peer: Peer;
  /** ms since epoch */
  expiresAt: number;
  keepaliveInterval: number;
  lastSeen: number;
  /** The wheel bucket (a second) this registration currently sits in. */
  bucket: number;
}

export type OfflineReason = 'keepalive' | 'expired' | 'unregistered' | 'connection' | 'replaced';

export interface RegistryEvents {
  online(reg: Registration, fresh: boolean): void;
  offline(reg: Registration, reason: OfflineReason): void;
}

/** GB/T 28181: offline after three missed keepalives. */
export const MISSED_KEEPALIVES = 3;

export class Registry {
  private readonly byCode = new Map<string, Registration>();
  private readonly wheel = new Map<number, Set<string>>();
  private cursor: number;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly now: () => number,
    private readonly events: RegistryEvents,
  ) {
    this.cursor = Math.floor(now() / 1000);
  }

  start(): void {
    this.timer = setInterval(() => this.sweep(), 1000);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
  }

  get size(): number {
    return this.byCode.size;
  }

  get(gbCode: string): Registration | undefined {
    return this.byCode.get(gbCode);
  }

  all(): IterableIterator<Registration> {
    return this.byCode.values();
  }

  /** A successful REGISTER (new, refreshed, or from a new address). */
  register(r: Omit<Registration, 'lastSeen' | 'bucket'>): Registration {
    const previous = this.byCode.get(r.gbCode);
    const reg: Registration = { ...r, lastSeen: this.now(), bucket: -1 };
    this.byCode.set(r.gbCode, reg);
    this.schedule(reg);
    const old = previous?.peer;
    if (old?.transport === 'TCP' && (reg.peer.transport !== 'TCP' || old.socket !== reg.peer.socket)) {
      // The old connection is not this device's any more; it is already re-registered, so closing
      // that connection must not take it offline (connectionClosed finds no match).
      old.socket.destroy();
    }
    this.events.online(reg, !previous);
    return reg;
  }

  /** A keepalive or any other sign of life. */
  touch(reg: Registration): void {
    reg.lastSeen = this.now();
    this.schedule(reg);
  }

  remove(gbCode: string, reason: OfflineReason): void {
    const reg = this.byCode.get(gbCode);
    if (!reg) return;
    this.byCode.delete(gbCode);
    this.wheel.get(reg.bucket)?.delete(gbCode);
    this.events.offline(reg, reason);
  }

  /** Its TCP connection dropped: offline at once (GB/T 28181-2022). */
  connectionClosed(socket: unknown): void {
    for (const reg of this.byCode.values()) {
      if (reg.peer.transport === 'TCP' && reg.peer.socket === socket) this.remove(reg.gbCode, 'connection');
    }
  }

  private deadline(reg: Registration): number {
    return Math.min(reg.lastSeen + MISSED_KEEPALIVES * reg.keepaliveInterval * 1000, reg.expiresAt);
  }

  private schedule(reg: Registration): void {
    // Never behind the sweep, or the registration would sit in a bucket already passed.
    const bucket = Math.max(Math.ceil(this.deadline(reg) / 1000), this.cursor);
    if (bucket === reg.bucket) return;
    this.wheel.get(reg.bucket)?.delete(reg.gbCode);
    let set = this.wheel.get(bucket);
    if (!set) this.wheel.set(bucket, (set = new Set()));
    set.add(reg.gbCode);
    reg.bucket = bucket;
  }

  /** Declares offline everything whose deadline has passed; public for tests with a fake clock. */
  sweep(): void {
    const nowSec = Math.floor(this.now() / 1000);
    for (; this.cursor <= nowSec; this.cursor++) {
      const set = this.wheel.get(this.cursor);
      if (!set) continue;
      this.wheel.delete(this.cursor);
      for (const code of set) {
        const reg = this.byCode.get(code);
        if (!reg || reg.bucket !== this.cursor) continue;
        const expired = reg.expiresAt <= this.now();
        this.remove(code, expired ? 'expired' : 'keepalive');
      }
    }
  }
}
