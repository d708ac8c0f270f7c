// bench/media: time to first frame (cold INVITE and warm join), relay latency RTP-in → WebSocket-out, viewer
// capacity side by side with node-media-server (WS-FLV), and ingest of many TCP streams. Prints figures.
//   npm run bench:media [-- --viewers 2000,3000 --ingest 300 --peer-ingest 300 --window 30
//                           --skip-ttff --skip-capacity --skip-ingest --skip-peer --skip-floor --client-procs 1]
// Viewers are bare-TCP WebSocket clients (viewers.ts) in one child process: the server has one core,
// the clients the other. Each capacity run waits for the machine to be quiet first (1-minute load
// below 1.5, up to 10 minutes). Memory phases run in fresh processes, ours and the peer's alike:
// RSS does not shrink when a process frees memory, so a process that once held 3,000 viewers would
// take in new streams without growing and understate them. memory.ts tells what a stream retains.
// One file a phase: setup.ts (options, the quiet wait, sign-in), measure-ours.ts, measure-ingest.ts,
// measure-floor.ts, measure-peer.ts, report.ts; capacity.ts is the viewer measurement they share.
import type { Capacity } from './capacity.js';
import { measureFloor } from './measure-floor.js';
import { measureIngest } from './measure-ingest.js';
import { measureOurs } from './measure-ours.js';
import { measurePeer } from './measure-peer.js';
import { compare, printTable } from './report.js';
import { flag, quiet } from './setup.js';

const started = Date.now();
const loadBefore = await quiet('start');
console.log(`bench/media — load average ${loadBefore}`);
const ours = !flag('skip-ttff') || !flag('skip-capacity') ? await measureOurs() : new Map<number, Capacity>();
const oursMemory = !flag('skip-ingest') ? await measureIngest() : {};
const floor = !flag('skip-capacity') && !flag('skip-floor') ? await measureFloor() : new Map<number, Capacity>();
const peer = !flag('skip-peer') ? await measurePeer() : undefined;
compare(ours, oursMemory, floor, peer);
printTable(started, loadBefore);
