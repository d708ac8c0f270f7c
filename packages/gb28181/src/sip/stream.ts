// TCP framing of SIP: Content-Length delimits each message; CRLF keep-alive pings between messages are skipped.
import { fail, ok, type ParseResult } from '../result.js';
import {
  assemble,
  headContentLength,
  parseHead,
  resolveLimits,
  scanHead,
  skipCrlf,
  type SipHead,
  type SipLimits,
  type SipMessage,
} from './message.js';

interface Pending {
  head: SipHead;
  bodyStart: number; // relative to the buffered data's start
  total: number;
}

/**
 * Frames a TCP byte stream. After an error the stream is out of sync and the caller closes the connection;
 * later pushes answer the same error.
 */
export class SipStreamParser {
  private readonly limits: SipLimits;
  private buf = Buffer.alloc(0);
  private start = 0;
  private end = 0;
  /** Offset (relative to start) of the first line not yet scanned for the end of the head. */
  private scanned = 0;
  private pending: Pending | undefined;
  private failed: string | undefined;

  constructor(limits?: Partial<SipLimits>) {
    this.limits = resolveLimits(limits);
  }

  get buffered(): number {
    return this.end - this.start;
  }

  push(chunk: Buffer): ParseResult<SipMessage>[] {
    if (this.failed !== undefined) return [fail(this.failed)];
    this.append(chunk);
    const out: ParseResult<SipMessage>[] = [];
    for (;;) {
      const next = this.next();
      if (next === undefined) break;
      out.push(next);
      if (!next.ok) {
        this.failed = next.error;
        this.start = this.end = 0;
        this.buf = Buffer.alloc(0);
        break;
      }
    }
    return out;
  }

  private append(chunk: Buffer): void {
    const need = this.end - this.start + chunk.length;
    if (this.end + chunk.length > this.buf.length) {
      const grown = need > this.buf.length ? Buffer.alloc(Math.max(need, this.buf.length * 2, 4096)) : this.buf;
      this.buf.copy(grown, 0, this.start, this.end);
      this.buf = grown;
      this.end -= this.start;
      this.start = 0;
    }
    chunk.copy(this.buf, this.end);
    this.end += chunk.length;
  }

  private next(): ParseResult<SipMessage> | undefined {
    if (this.pending === undefined) {
      const head = this.readHead();
      if (head === undefined || !head.ok) return head;
      this.pending = head.value;
    }
    const { head, bodyStart, total } = this.pending;
    if (this.buffered < total) return undefined;
    const body = Buffer.from(this.buf.subarray(this.start + bodyStart, this.start + total));
    this.start += total;
    this.scanned = 0;
    this.pending = undefined;
    return ok(assemble(head, body));
  }

  private readHead(): ParseResult<Pending> | undefined {
    if (this.scanned === 0) this.start = skipCrlf(this.buf, this.start, this.end);
    if (this.start === this.end) return undefined;
    const { maxLineBytes, maxHeaders, maxMessageBytes } = this.limits;
    const scan = scanHead(this.buf, this.start + this.scanned, this.end, maxLineBytes);
    if (scan.state === 'error') return fail(scan.error);
    if (scan.state === 'incomplete') {
      this.scanned = scan.lineStart - this.start;
      return this.buffered > maxMessageBytes ? fail(`message larger than ${maxMessageBytes} bytes`) : undefined;
    }
    const head = parseHead(this.buf.toString('utf8', this.start, scan.headEnd), maxHeaders);
    if (!head.ok) return head;
    const cl = headContentLength(head.value.headers);
    if (!cl.ok) return cl;
    // RFC 3261 §18.3: Content-Length is mandatory on streams; a missing one is read as an empty body.
    const bodyStart = scan.bodyStart - this.start;
    const total = bodyStart + (cl.value ?? 0);
    if (total > maxMessageBytes) return fail(`message larger than ${maxMessageBytes} bytes`);
    return ok({ head: head.value, bodyStart, total });
  }
}
