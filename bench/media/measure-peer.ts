// The peer: node-media-server, fed the same sample by ffmpeg over RTMP, viewed over WS-FLV.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, ROOT, sleep } from '../gateway/harness.js';
import { capacity, cpuSplitOver, rssMean, warmUp, type Capacity } from './capacity.js';
import { capacityRows, kb, row, type PeerFigures } from './report.js';
import { flag, PEER_INGEST, SAMPLE, VIEWERS, WARM_STREAMS } from './setup.js';

export async function measurePeer(): Promise<PeerFigures> {
  let peer: PeerFigures;
  const dir = mkdtempSync(join(tmpdir(), 'bench-nms-'));
  // FLV already, so ffmpeg's tee muxer can copy it to many RTMP outputs as it is.
  const src = join(dir, 'sample.flv');
  execFileSync('ffmpeg', ['-loglevel', 'error', '-framerate', '25', '-i', SAMPLE, '-c', 'copy', src]);
  const procs: ChildProcess[] = [];
  const startPeer = async () => {
    const [rtmpPort, httpPort] = [await freePort(), await freePort()];
    const nms = spawn(
      process.execPath,
      [
        'node_modules/node-media-server/bin/app.js',
        '--bind',
        '127.0.0.1',
        '--rtmp-port',
        String(rtmpPort),
        '--http-port',
        String(httpPort),
        '--rtmps-port',
        String(await freePort()),
        '--https-port',
        String(await freePort()),
        '--data-path',
        dir,
        '--no-admin',
      ],
      { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] },
    );
    procs.push(nms);
    await sleep(2000);
    /** Publishes the sample in real time, looped, under each name: one ffmpeg for up to 50 of them. */
    const push = (names: string[]) => {
      for (let i = 0; i < names.length; i += 50) {
        const outputs = names
          .slice(i, i + 50)
          .map((name) => `[f=flv:onfail=ignore]rtmp://127.0.0.1:${rtmpPort}/live/${name}`);
        const p = spawn(
          'ffmpeg',
          ['-loglevel', 'error', '-re', '-stream_loop', '-1', '-i', src, '-map', '0', '-c', 'copy'].concat([
            '-f',
            'tee',
            outputs.join('|'),
          ]),
          { stdio: 'ignore' },
        );
        procs.push(p);
      }
    };
    const url = (name: string) => `ws://127.0.0.1:${httpPort}/live/${name}.flv`;
    return { pid: nms.pid!, push, url };
  };
  try {
    const cap = new Map<number, Capacity>();
    peer = { cap };
    if (!flag('skip-capacity')) {
      const nms = await startPeer();
      nms.push(['bench']);
      await sleep(3000);
      await warmUp(async () => [nms.url('bench')], 'flv');
      for (const n of VIEWERS) {
        const c = await capacity(`peer ${n}`, nms.pid, async () => [nms.url('bench')], n, 'flv');
        cap.set(n, c);
        capacityRows('peer', n, c, false);
      }
    }
    if (!flag('skip-ingest')) {
      // A fresh process, measured as ours (growth from WARM_STREAMS streams). node-media-server 4
      // keeps a GOP cache always (FLV and RTMP both; it has no gop_cache setting), viewers or not.
      const nms = await startPeer();
      const names = Array.from({ length: PEER_INGEST }, (_, i) => `in${i}`);
      nms.push(names.slice(0, WARM_STREAMS));
      await sleep(10_000);
      const before = await rssMean(nms.pid);
      nms.push(names.slice(WARM_STREAMS));
      await sleep(20_000);
      const measured = PEER_INGEST - WARM_STREAMS;
      peer.perStream = ((await rssMean(nms.pid)) - before) / measured;
      const noViewer = await cpuSplitOver(nms.pid, 10_000);
      const ing = await capacity('peer ingest', nms.pid, async () => names.slice(WARM_STREAMS).map(nms.url), 1, 'flv');
      peer.perStreamViewer = (ing.rss - before) / measured;
      row(
        `peer ingest ${PEER_INGEST} RTMP streams: RSS per stream`,
        `${kb(peer.perStream)} with no viewer, ${kb(peer.perStreamViewer)} with one (${WARM_STREAMS} → ${PEER_INGEST} ` +
          `streams; GOP caches kept: FLV + RTMP); CPU ${noViewer.pct.toFixed(1)} % of a core with no viewers, ` +
          `${ing.cpu.toFixed(1)} % with one each, ${ing.report.behind} behind`,
      );
    }
  } finally {
    for (const p of procs) p.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  }
  return peer;
}
