// createSimulator: a fleet of simulated GB28181 devices sharing one clock, one UDP socket and one media ticker.
import {
  buildResponse,
  ClientTransactions,
  newTag,
  parseSipUri,
  serializeSip,
  ServerTransactions,
  type SipMessage,
} from '@svc/gb28181';
import type { Counters, Emit, RequestTarget, SimContext, SimEvents } from './context.js';
import { SimDevice } from './device.js';
import { LatencyHistogram, type LatencySummary } from './latency.js';
import type { SipLink } from './link.js';
import { loadSample } from './media/sample.js';
import { Streamer } from './media/streamer.js';
import { resolveOptions, type SimulatorOptions } from './options.js';
import { Scheduler } from './scheduler.js';
import { SharedUdp, type Reply } from './udp.js';

export interface SimStats {
  registered: number;
  keepalivesSent: number;
  streams: number;
  rtpPackets: number;
  bytesSent: number;
  registerFailures: number;
  /** Keepalive MESSAGE → 200 OK, since start or the last resetKeepaliveLatency(). */
  keepaliveLatency: LatencySummary;
}

export interface Simulator {
  start(): Promise<void>;
  /** Unregisters every device (Expires 0), stops streams, closes sockets. */
  stop(): Promise<void>;
  readonly devices: SimDevice[];
  stats(): SimStats;
  /** Starts a new keepalive latency window (benchmarks measure steady state only). */
  resetKeepaliveLatency(): void;
  on<K extends keyof SimEvents>(event: K, cb: SimEvents[K]): void;
}

/** How long stop() waits for the platform to answer the unregistrations. */
const STOP_DEADLINE_MS = 5000;

type Listeners = { [K in keyof SimEvents]: Set<SimEvents[K]> };

function makeEmitter(log: (line: string) => void): { listeners: Listeners; emit: Emit } {
  const listeners: Listeners = { registered: new Set(), invite: new Set(), bye: new Set(), frame: new Set() };
  const emit: Emit = (event, payload) => {
    for (const cb of listeners[event] as Set<(p: typeof payload) => void>) {
      try {
        cb(payload);
      } catch (err) {
        log(`${event} listener threw: ${String(err)}`);
      }
    }
  };
  return { listeners, emit };
}

/** Requests go to the device or channel named by the Request-URI user; responses to their transaction. */
function router(ctx: () => SimContext): (msg: SipMessage, reply: Reply) => void {
  return (msg, reply) => {
    const c = ctx();
    if (msg.kind === 'response') {
      c.clients.handleResponse(msg);
      return;
    }
    const uri = parseSipUri(msg.uri);
    const target: RequestTarget | undefined =
      uri.ok && uri.value.user !== undefined ? c.routes.get(uri.value.user) : undefined;
    if (target !== undefined) target.handleRequest(msg, reply);
    else if (msg.method !== 'ACK') reply(serializeSip(buildResponse(msg, 404, 'Not Found', { toTag: newTag() })));
  };
}

export function createSimulator(options: SimulatorOptions): Simulator {
  const opts = resolveOptions(options);
  const { listeners, emit } = makeEmitter(opts.log);
  const scheduler = new Scheduler((err) => opts.log(`timer callback threw: ${String(err)}`));
  const counters: Counters = { keepalivesSent: 0, registerFailures: 0, rtpPackets: 0, bytesSent: 0 };
  const routes = new Map<string, RequestTarget>();
  const udp =
    opts.transport === 'udp'
      ? new SharedUdp(
          opts.bindHost,
          router(() => ctx),
          opts.log,
        )
      : undefined;
  const frameHook = (ssrc: number, pts: number, keyframe: boolean, at: number) =>
    emit('frame', { ssrc, pts, keyframe, at });
  const ctx: SimContext = {
    opts,
    scheduler,
    clients: new ClientTransactions<SipLink>({
      timers: scheduler,
      send: (bytes, link) => link.write(bytes),
      reliable: (link) => link.reliable,
    }),
    servers: new ServerTransactions(scheduler),
    streamer: new Streamer(counters, () => (listeners.frame.size > 0 ? frameHook : undefined)),
    counters,
    keepaliveLatency: new LatencyHistogram(),
    udp,
    emit,
    routes,
  };
  const devices = Array.from({ length: opts.count }, (_, i) => new SimDevice(ctx, i));
  for (const d of devices) {
    routes.set(d.id, d);
    for (const c of d.channels) routes.set(c.id, d);
  }
  let state: 'idle' | 'running' | 'stopped' = 'idle';

  return {
    devices,
    async start() {
      if (state !== 'idle') throw new Error(`simulator already ${state}`);
      state = 'running';
      loadSample(opts.codec); // read and split once, before the first INVITE needs it
      await udp?.open();
      scheduler.start();
      for (const d of devices) d.start();
    },
    async stop() {
      if (state !== 'running') return;
      state = 'stopped';
      let deadline: NodeJS.Timeout | undefined;
      const timeout = new Promise<void>((resolve) => (deadline = setTimeout(resolve, STOP_DEADLINE_MS)));
      await Promise.race([Promise.allSettled(devices.map((d) => d.stop())), timeout]);
      clearTimeout(deadline);
      ctx.streamer.stop();
      ctx.clients.failAll('simulator stopped');
      ctx.servers.close();
      for (const d of devices) d.close();
      scheduler.stop();
      await udp?.close();
    },
    stats() {
      return {
        registered: devices.reduce((n, d) => n + (d.registered ? 1 : 0), 0),
        keepalivesSent: counters.keepalivesSent,
        streams: ctx.streamer.size,
        rtpPackets: counters.rtpPackets,
        bytesSent: counters.bytesSent,
        registerFailures: counters.registerFailures,
        keepaliveLatency: ctx.keepaliveLatency.summary(),
      };
    },
    resetKeepaliveLatency() {
      ctx.keepaliveLatency.reset();
    },
    on(event, cb) {
      (listeners[event] as Set<typeof cb>).add(cb);
    },
  };
}
