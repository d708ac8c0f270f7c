// Live INVITE dialogs: offer (SDP s=Play with the SSRC), ACK, BYE — and BYEs a device sends us.
import {
  buildInviteSdp,
  buildResponse,
  getHeader,
  newTag,
  parseNameAddr,
  parseSdp,
  type Sdp,
  type SipRequest,
  type StreamMode,
} from '@svc/gb28181';
import { requestTo, type GatewayContext } from './context.js';
import type { Registration } from './registry.js';
import type { Peer } from './transport.js';

export interface Dialog {
  gbCode: string;
  channelCode: string;
  callId: string;
  fromTag: string;
  toTag: string;
  cseq: number;
  peer: Peer;
  requestUri: string;
  answer: Sdp;
}

export class InviteError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }
}

export class Invites {
  private readonly dialogs = new Map<string, Dialog>();
  /** Called when a device ends a stream itself. */
  onDeviceBye: (dialog: Dialog) => void = () => undefined;

  constructor(private readonly ctx: GatewayContext) {}

  async invite(
    reg: Registration,
    o: {
      channelCode: string;
      ssrc: string;
      mode: StreamMode;
      mediaPort: number;
      timeoutMs?: number;
      /** 0 main, 1 sub: GB/T 28181-2022's a=streamnumber, which most devices also honour. */
      streamNumber?: number;
    },
  ): Promise<Dialog> {
    const s = this.ctx.settings;
    const offer = buildInviteSdp({
      channelId: o.channelCode,
      platformId: s.id,
      ip: s.ip,
      port: o.mediaPort,
      ssrc: o.ssrc,
      mode: o.mode,
      session: 'Play',
    });
    const sdp = o.streamNumber === undefined ? offer : withStreamNumber(offer, o.streamNumber);
    const fromTag = newTag();
    const req = requestTo(this.ctx, reg.peer, o.channelCode, 'INVITE', {
      body: Buffer.from(sdp),
      contentType: 'APPLICATION/SDP',
      fromTag,
      cseq: 1,
      headers: [['Subject', `${o.channelCode}:${o.ssrc},${s.id}:0`]],
    });
    const callId = getHeader(req, 'call-id')!;
    const res = await this.ctx.transactions.request(req, reg.peer, { timeoutMs: o.timeoutMs ?? 8000 });
    if (res.status !== 200) throw new InviteError(`device answered ${res.status} ${res.reason}`, res.status);
    const to = parseNameAddr(getHeader(res, 'to') ?? '');
    const toTag = to.ok ? (to.value.params.get('tag') ?? '') : '';
    const contact = parseNameAddr(getHeader(res, 'contact') ?? '');
    const requestUri = contact.ok ? contact.value.uri : req.uri;
    const answer = parseSdp(res.body.toString('utf8'));
    const dialog: Dialog = {
      gbCode: reg.gbCode,
      channelCode: o.channelCode,
      callId,
      fromTag,
      toTag,
      cseq: 1,
      peer: reg.peer,
      requestUri,
      answer: answer.ok ? answer.value : { attributes: [], rtpmap: new Map() },
    };
    // ACK for a 2xx is its own transaction: no answer, sent once over TCP, UDP retransmits are ours to ignore.
    this.ctx.transport.send(this.inDialog(dialog, 'ACK', 1), reg.peer);
    if (!answer.ok) {
      await this.bye(dialog);
      throw new InviteError(`device answered an unreadable SDP: ${answer.error}`);
    }
    this.dialogs.set(callId, dialog);
    return dialog;
  }

  async bye(dialog: Dialog): Promise<void> {
    this.dialogs.delete(dialog.callId);
    dialog.cseq++;
    try {
      await this.ctx.transactions.request(this.inDialog(dialog, 'BYE', dialog.cseq), dialog.peer, { timeoutMs: 4000 });
    } catch {
      // A device that went away cannot answer; the stream is over either way.
    }
  }

  /** A BYE from the device: answer, forget the dialog, tell the media side. */
  handleBye(req: SipRequest, peer: Peer): void {
    const callId = getHeader(req, 'call-id') ?? '';
    const dialog = this.dialogs.get(callId);
    this.ctx.transport.send(buildResponse(req, dialog ? 200 : 481, dialog ? 'OK' : 'Call Does Not Exist'), peer);
    if (!dialog) return;
    this.dialogs.delete(callId);
    this.onDeviceBye(dialog);
  }

  /** Dialogs of a device that went offline end without a BYE. */
  dropDevice(gbCode: string): Dialog[] {
    const gone = [...this.dialogs.values()].filter((d) => d.gbCode === gbCode);
    for (const d of gone) this.dialogs.delete(d.callId);
    return gone;
  }

  private inDialog(d: Dialog, method: string, cseq: number): SipRequest {
    return requestTo(this.ctx, d.peer, d.channelCode, method, {
      callId: d.callId,
      fromTag: d.fromTag,
      toTag: d.toTag,
      cseq,
      requestUri: d.requestUri,
    });
  }
}

function withStreamNumber(sdp: string, n: number): string {
  const line = `a=streamnumber:${n}\r\n`;
  const at = sdp.indexOf('\r\ny=');
  return at < 0 ? `${sdp.replace(/\r?\n?$/, '\r\n')}${line}` : `${sdp.slice(0, at + 2)}${line}${sdp.slice(at + 2)}`;
}
