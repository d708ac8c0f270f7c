// The media routes: fMP4 over WebSocket (the console's player) and HLS, both opened by signed URLs
// that livePlayUrl hands out (docs/contracts/live-api.md). A URL is bound to the session that asked
// for it: it opens only with that session's token (the `token` cookie the browser sends, or the
// `xaccesstoken` header), while the session still counts and may still watch the channel. A WebSocket
// URL opens once; an open stream ends when its session no longer could open it (watchers.ts).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { codeMessage, resolveLanguage } from '@svc/contracts';
import { tokenOf, type Principal } from '../http/auth.js';
import type { LiveStreams } from './live.js';
import { UsedNonces, type UrlSigner } from './signing.js';
import { Watchers, type WatchGuard } from './watchers.js';
import { WebSocketViewer } from './ws-viewer.js';

const KEY = /^\d+-\d+-\d+-(main|sub)$/;
/** Close code for a missing, bad or expired signature, or a session that may not (or no longer) watch: SPEC §8 "user token expired". */
export const BAD_SIGNATURE_CLOSE = 4004;
/** How often open streams' sessions are checked again (besides at once when sessions change here). */
export const RECHECK_MS = 2000;
/** An HLS URL opened in time lives on while its player keeps fetching it, until a pause this long. */
export const HLS_IDLE_S = 60;
/** How long an HLS request's verdict on privilege and channel stands for the next ones of its session. */
const HLS_VERDICT_MS = 2000;

type SignedQuery = { exp?: string; sig?: string; n?: string; lang?: string };

/** What a WebSocket URL's signature covers besides its expiry: stream, session and nonce. */
export const liveScope = (key: string, sessionId: number, nonce: string) => `live:${key}:${sessionId}:${nonce}`;
/** What an HLS URL's signature covers besides its expiry: stream and session. */
export const hlsScope = (key: string, sessionId: number) => `hls:${key}:${sessionId}`;

export interface MediaGuard extends WatchGuard {
  /** The session of a token, if it still counts (as the API's authentication resolves it). */
  resolve(token: string): Promise<Principal | null>;
  /** Calls `listener` whenever sessions may have ended or changed; answers the unsubscribe. */
  onChange(listener: () => void): () => void;
}

export function mediaRoutes(app: FastifyInstance, live: LiveStreams, signer: UrlSigner, guard: MediaGuard): void {
  const nowS = () => Math.floor(app.clock.now().getTime() / 1000);
  const usedNonces = new UsedNonces();
  const watchers = new Watchers(guard, app.log);
  /** HLS URLs in play: signature → last fetch (s). Only signatures that verified get here. */
  const hlsFetched = new Map<string, number>();
  /** `${sessionId} ${key}` → until when (ms) a verdict that the session may watch the stream stands. */
  const hlsVerdicts = new Map<string, number>();

  const timer = setInterval(() => {
    watchers.recheck();
    const now = nowS();
    usedNonces.prune(now);
    for (const [sig, at] of hlsFetched) if (now - at > HLS_IDLE_S) hlsFetched.delete(sig);
    const nowMs = app.clock.now().getTime();
    for (const [k, until] of hlsVerdicts) if (until <= nowMs) hlsVerdicts.delete(k);
  }, RECHECK_MS);
  timer.unref();
  const unsubscribe = guard.onChange(() => {
    hlsVerdicts.clear();
    watchers.recheck();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    unsubscribe();
  });

  /** The caller's session: the token of the request resolved as the API resolves it. */
  const callerOf = async (req: FastifyRequest): Promise<Principal | null> => {
    const token = tokenOf(req);
    return token ? guard.resolve(token) : null;
  };
  const mayWatch = async (p: Principal, key: string) => (await guard.watchable(p, [key])).has(key);

  app.get<{ Params: { file: string }; Querystring: SignedQuery }>(
    '/media/live/:file',
    { websocket: true, schema: { hide: true } },
    async (socket, req) => {
      // The player sends nothing; anything it does send is ignored.
      socket.on('message', () => undefined);
      const key = req.params.file.replace(/\.mp4$/, '');
      const lang = resolveLanguage(req.query.lang);
      const fail = (code: number) => {
        socket.send(JSON.stringify({ type: 'error', code, msg: codeMessage(lang, code) }));
        socket.close(code, String(code));
      };
      const { sig, n: nonce } = req.query;
      const exp = Number(req.query.exp);
      // What needs no lookup first: a URL that cannot be right costs no query.
      if (!KEY.test(key) || !sig || !nonce || !Number.isSafeInteger(exp) || exp < nowS())
        return fail(BAD_SIGNATURE_CLOSE);
      const caller = await callerOf(req);
      if (!caller || !signer.verify(liveScope(key, caller.sessionId, nonce), exp, sig, nowS()))
        return fail(BAD_SIGNATURE_CLOSE);
      // Taken only once the URL proved to be the caller's: someone else's attempts cannot use it up.
      if (!usedNonces.take(nonce, exp)) return fail(BAD_SIGNATURE_CLOSE);
      if (!(await mayWatch(caller, key))) return fail(BAD_SIGNATURE_CLOSE);
      if (socket.readyState !== socket.OPEN) return; // the player left while we looked
      const session = live.find(key);
      // The URL outlived its stream (nobody watched for 30 s, or the device left): ask again.
      if (!session?.hub.init) return fail(4104);
      const viewer = new WebSocketViewer(socket);
      session.hub.add(viewer);
      const watch = watchers.add(caller.sessionId, key, () => fail(BAD_SIGNATURE_CLOSE));
      socket.on('close', () => {
        watchers.remove(watch);
        session.hub.remove(viewer);
        live.touch(session);
      });
    },
  );

  /**
   * An HLS request's stream, or undefined once it answered 403 or 404. The URL must be opened before
   * its expiry and then lives while fetched at least every HLS_IDLE_S; every request must come with
   * the session it was signed for, still allowed to watch the channel.
   */
  const hlsSession = async (req: FastifyRequest, key: string, q: SignedQuery, reply: FastifyReply) => {
    const forbidden = () => void reply.code(403).header('cache-control', 'no-store').send('forbidden');
    const exp = Number(q.exp);
    const now = nowS();
    const inPlay = q.sig !== undefined && now - (hlsFetched.get(q.sig) ?? -Infinity) <= HLS_IDLE_S;
    if (!KEY.test(key) || !q.sig || !Number.isSafeInteger(exp) || (exp < now && !inPlay)) return forbidden();
    const caller = await callerOf(req);
    if (!caller || !signer.matches(hlsScope(key, caller.sessionId), exp, q.sig)) return forbidden();
    const verdict = `${caller.sessionId} ${key}`;
    const nowMs = app.clock.now().getTime();
    if ((hlsVerdicts.get(verdict) ?? 0) <= nowMs) {
      if (!(await mayWatch(caller, key))) return forbidden();
      hlsVerdicts.set(verdict, nowMs + HLS_VERDICT_MS);
    }
    hlsFetched.set(q.sig, now);
    const session = live.find(key);
    if (!session?.hub.init) {
      void reply.code(404).send('stream not running');
      return undefined;
    }
    live.touch(session);
    return session;
  };
  const query = (q: SignedQuery) => `exp=${encodeURIComponent(q.exp ?? '')}&sig=${encodeURIComponent(q.sig ?? '')}`;

  app.get<{ Params: { key: string }; Querystring: SignedQuery }>(
    '/media/hls/:key/index.m3u8',
    { schema: { hide: true } },
    async (req, reply) => {
      const session = await hlsSession(req, req.params.key, req.query, reply);
      if (!session) return reply;
      const segments = session.hub.hlsSegments();
      const target = Math.max(1, ...segments.map((s) => Math.ceil(s.duration)));
      const lines = [
        '#EXTM3U',
        '#EXT-X-VERSION:7',
        `#EXT-X-TARGETDURATION:${target}`,
        `#EXT-X-MEDIA-SEQUENCE:${segments[0]?.sequence ?? 0}`,
        `#EXT-X-MAP:URI="init.mp4?${query(req.query)}"`,
        ...segments.flatMap((s) => [`#EXTINF:${s.duration.toFixed(3)},`, `${s.sequence}.m4s?${query(req.query)}`]),
      ];
      return reply
        .type('application/vnd.apple.mpegurl')
        .header('cache-control', 'no-store')
        .send(`${lines.join('\n')}\n`);
    },
  );
  app.get<{ Params: { key: string }; Querystring: SignedQuery }>(
    '/media/hls/:key/init.mp4',
    { schema: { hide: true } },
    async (req, reply) => {
      const session = await hlsSession(req, req.params.key, req.query, reply);
      if (!session) return reply;
      return reply.type('video/mp4').header('cache-control', 'no-store').send(session.hub.init);
    },
  );
  app.get<{ Params: { key: string; seq: string }; Querystring: SignedQuery }>(
    '/media/hls/:key/:seq.m4s',
    { schema: { hide: true } },
    async (req, reply) => {
      const session = await hlsSession(req, req.params.key, req.query, reply);
      if (!session) return reply;
      const segment = session.hub.hlsSegments().find((s) => String(s.sequence) === req.params.seq);
      if (!segment) return reply.code(404).send('segment gone');
      return reply.type('video/iso.segment').header('cache-control', 'no-store').send(segment.data);
    },
  );
}
