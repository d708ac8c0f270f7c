// The media routes: fMP4 over WebSocket (the console's player) and HLS, both opened by signed URLs
// that livePlayUrl hands out (docs/contracts/live-api.md).
import type { FastifyInstance, FastifyReply } from 'fastify';
import { codeMessage, resolveLanguage } from '@svc/contracts';
import type { LiveStreams } from './live.js';
import type { UrlSigner } from './signing.js';
import { WebSocketViewer } from './ws-viewer.js';

const KEY = /^\d+-\d+-\d+-(main|sub)$/;
/** Close code for a missing, bad or expired signature: SPEC §8 "user token expired". */
export const BAD_SIGNATURE_CLOSE = 4004;

type SignedQuery = { exp?: string; sig?: string; lang?: string };

export const liveScope = (key: string) => `live:${key}`;
export const hlsScope = (key: string) => `hls:${key}`;

export function mediaRoutes(app: FastifyInstance, live: LiveStreams, signer: UrlSigner): void {
  const signed = (scope: string, q: SignedQuery) =>
    signer.verify(scope, Number(q.exp), q.sig ?? '', Math.floor(app.clock.now().getTime() / 1000));

  app.get<{ Params: { file: string }; Querystring: SignedQuery }>(
    '/media/live/:file',
    { websocket: true, schema: { hide: true } },
    (socket, req) => {
      const key = req.params.file.replace(/\.mp4$/, '');
      const lang = resolveLanguage(req.query.lang);
      const fail = (code: number) => {
        socket.send(JSON.stringify({ type: 'error', code, msg: codeMessage(lang, code) }));
        socket.close(code, String(code));
      };
      if (!KEY.test(key) || !signed(liveScope(key), req.query)) return fail(BAD_SIGNATURE_CLOSE);
      const session = live.find(key);
      // The URL outlived its stream (nobody watched for 30 s, or the device left): ask again.
      if (!session?.hub.init) return fail(4104);
      const viewer = new WebSocketViewer(socket);
      session.hub.add(viewer);
      socket.on('close', () => {
        session.hub.remove(viewer);
        live.touch(session);
      });
      // The player sends nothing; anything it does send is ignored.
      socket.on('message', () => undefined);
    },
  );

  const hlsSession = (key: string, q: SignedQuery, reply: FastifyReply) => {
    if (!KEY.test(key) || !signed(hlsScope(key), q)) {
      void reply.code(403).send('forbidden');
      return undefined;
    }
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
      const session = hlsSession(req.params.key, req.query, reply);
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
      const session = hlsSession(req.params.key, req.query, reply);
      if (!session) return reply;
      return reply.type('video/mp4').send(session.hub.init);
    },
  );
  app.get<{ Params: { key: string; seq: string }; Querystring: SignedQuery }>(
    '/media/hls/:key/:seq.m4s',
    { schema: { hide: true } },
    async (req, reply) => {
      const session = hlsSession(req.params.key, req.query, reply);
      if (!session) return reply;
      const segment = session.hub.hlsSegments().find((s) => String(s.sequence) === req.params.seq);
      if (!segment) return reply.code(404).send('segment gone');
      return reply.type('video/iso.segment').send(segment.data);
    },
  );
}
