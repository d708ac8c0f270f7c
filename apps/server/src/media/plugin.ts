// The media plugin: the RTP port, live streams and their signed URLs; and the binding of the device ports.
import fp from 'fastify-plugin';
import { LiveStreams } from './live.js';
import { RtpIngest } from './rtp-ingest.js';
import { UrlSigner } from './signing.js';

declare module 'fastify' {
  interface FastifyInstance {
    rtpIngest: RtpIngest;
    live: LiveStreams;
    /** Signs the short-lived stream URLs the media routes open. */
    streamSigner: UrlSigner;
    /**
     * Binds the RTP and SIP ports (after the HTTP one) on `host`, by default config.deviceHost;
     * answers the SIP password when it was just generated.
     */
    listenDevices(host?: string): Promise<{ sipPort: number; rtpPort: number; generatedSipPassword: string | null }>;
  }
}

export type MediaOptions = { firstFrameMs?: number | undefined; idleMs?: number | undefined };

export default fp<MediaOptions>(
  async (app, { firstFrameMs, idleMs }) => {
    const { config, gateway } = app;
    const rtpIngest = new RtpIngest();
    let rtpPort = config.media.rtpPort;
    const live = new LiveStreams({
      signalling: app.signalling,
      ingest: rtpIngest,
      mediaPort: () => rtpPort,
      log: app.log,
      ...(firstFrameMs !== undefined ? { firstFrameMs } : {}),
      ...(idleMs !== undefined ? { idleMs } : {}),
    });
    app.decorate('rtpIngest', rtpIngest);
    app.decorate('live', live);
    app.decorate('streamSigner', new UrlSigner());
    app.decorate('listenDevices', async (host: string = config.deviceHost) => {
      rtpPort = await rtpIngest.listen(config.media.rtpPort, host);
      const sip = await gateway.listen(host);
      return { sipPort: sip.port, rtpPort, generatedSipPassword: sip.generatedPassword };
    });
    // Hooks close last-added first: streams end (BYE to devices) before the port that feeds them.
    app.addHook('onClose', async () => rtpIngest.close());
    app.addHook('onClose', async () => live.close());
  },
  { name: 'media', dependencies: ['core', 'gateway'] },
);
