// Reads one HTTP/1.x response off a byte stream (RFC 9112): status line, framing headers, body skipped; bytes in, verdict out.

/** After a feed: more bytes wanted, a whole response read, or bytes that are not an HTTP/1.x response. */
export type ReadResult = 'more' | 'done' | 'bad';

type State = 'head' | 'body' | 'chunk-size' | 'chunk-data' | 'chunk-end' | 'trailers' | 'until-close' | 'done';

const LF = 0x0a;
const CR = 0x0d;
/** Longest head (status line and fields) and longest trailer section; a platform sends a few hundred bytes. */
const MAX_HEAD = 64 * 1024;
/** Longest chunk-size line, extensions included. */
const MAX_LINE = 4096;
/** Up to 12 hex digits (2^48 - 1): exact in a double, and no picture upload's answer is near it. */
const CHUNK_SIZE = /^[0-9a-fA-F]{1,12}$/;
const CONTENT_LENGTH = /^\d{1,15}$/;
/** HTTP/1.x and a 3-digit code; the reason phrase (even its leading space) is optional in practice. */
const STATUS_LINE = /^HTTP\/1\.(\d) ([1-9]\d\d)(?:[ \t]|$)/;

/** Index just past the blank line that ends a head, or -1 if it has not arrived (bare LF ends a line too, RFC 9112 §2.2). */
function headEnd(buf: Buffer, from: number): number {
  for (let lf = buf.indexOf(LF, from); lf >= 0; lf = buf.indexOf(LF, lf + 1)) {
    const next = buf[lf + 1];
    if (next === LF) return lf + 2;
    if (next === CR && buf[lf + 2] === LF) return lf + 3;
  }
  return -1;
}

/** The framing fields of a head, each field's lines joined by commas as RFC 9110 §5.3 allows. */
interface Framing {
  connection: string;
  contentLength: string | undefined;
  transferEncoding: string | undefined;
}

/** The field a lower-case name stands for, judged by length first: most fields are none of these. */
function framingField(name: string): keyof Framing | undefined {
  if (name.length === 10 && name.toLowerCase() === 'connection') return 'connection';
  if (name.length === 14 && name.toLowerCase() === 'content-length') return 'contentLength';
  if (name.length === 17 && name.toLowerCase() === 'transfer-encoding') return 'transferEncoding';
  return undefined;
}

/** Reads the field lines after the status line; obsolete line folding continues the previous value (RFC 9112 §5.2). */
function readFields(text: string, from: number): Framing | undefined {
  const f: Framing = { connection: '', contentLength: undefined, transferEncoding: undefined };
  let last: keyof Framing | undefined | null = null; // null: no field line yet
  for (let at = from; at < text.length;) {
    const lf = text.indexOf('\n', at);
    const end = lf < 0 ? text.length : lf;
    const line = text.slice(at, end > at && text.charCodeAt(end - 1) === CR ? end - 1 : end);
    at = end + 1;
    if (line === '') continue;
    const c0 = line.charCodeAt(0);
    if (c0 === 0x20 || c0 === 0x09) {
      if (last === null) return undefined;
      if (last !== undefined) f[last] = `${f[last] ?? ''} ${line.trim()}`;
      continue;
    }
    const colon = line.indexOf(':');
    if (colon <= 0) return undefined;
    last = framingField(line.slice(0, colon).trim());
    if (last !== undefined) {
      const prev = f[last];
      const value = line.slice(colon + 1).trim();
      f[last] = prev ? `${prev},${value}` : value;
    }
  }
  return f;
}

/** The comma-separated items of a field value, trimmed, without empties. */
function items(value: string | undefined): string[] {
  if (value === undefined) return [];
  if (!value.includes(',')) return value === '' ? [] : [value];
  return value
    .split(',')
    .map((t) => t.trim())
    .filter((t) => t !== '');
}

/** One response at a time: feed() the bytes as they come, end() when the server closes; reset() before the next. */
export class ResponseReader {
  /** Status of the final response (1xx interim responses are skipped). */
  status = 0;
  /** May the connection carry another request once this response is read? */
  keepAlive = false;
  private state: State = 'head';
  /** The unfinished head or line, kept until its end arrives. */
  private partial: Buffer | undefined;
  /** Bytes of `partial` already searched for the end. */
  private scanned = 0;
  /** Body or chunk bytes still to skip. */
  private left = 0;
  private trailerBytes = 0;

  reset(): void {
    this.status = 0;
    this.keepAlive = false;
    this.state = 'head';
    this.partial = undefined;
    this.scanned = 0;
    this.left = 0;
    this.trailerBytes = 0;
  }

  feed(chunk: Buffer): ReadResult {
    let buf = chunk;
    if (this.partial !== undefined) {
      buf = Buffer.concat([this.partial, chunk]);
      this.partial = undefined;
    }
    let at = 0;
    for (;;) {
      switch (this.state) {
        case 'head': {
          const end = headEnd(buf, at + this.scanned);
          if (end < 0) return this.keep(buf, at, MAX_HEAD, 2);
          this.scanned = 0;
          if (!this.onHead(buf.toString('latin1', at, end))) return 'bad';
          at = end;
          break;
        }
        case 'body':
        case 'chunk-data': {
          const n = Math.min(this.left, buf.length - at);
          at += n;
          this.left -= n;
          if (this.left > 0) return 'more';
          this.state = this.state === 'body' ? 'done' : 'chunk-end';
          break;
        }
        case 'chunk-size':
        case 'chunk-end':
        case 'trailers': {
          const lf = buf.indexOf(LF, at + this.scanned);
          if (lf < 0) return this.keep(buf, at, this.state === 'trailers' ? MAX_HEAD - this.trailerBytes : MAX_LINE, 0);
          this.scanned = 0;
          const line = buf.toString('latin1', at, lf > at && buf[lf - 1] === CR ? lf - 1 : lf);
          at = lf + 1;
          if (!this.onLine(line)) return 'bad';
          break;
        }
        case 'until-close':
          return 'more';
        case 'done':
          // One request in flight, so nothing may follow the response: a stream out of step is not reused.
          if (at < buf.length) this.keepAlive = false;
          return 'done';
      }
    }
  }

  /** The server closed: that ends a response framed by the close, and cuts any other short. */
  end(): ReadResult {
    if (this.state !== 'until-close') return 'bad';
    this.state = 'done';
    return 'done';
  }

  /** Keeps an unfinished head or line for the next feed; too long is not HTTP. */
  private keep(buf: Buffer, at: number, limit: number, rescan: number): ReadResult {
    const rest = buf.length - at;
    if (rest > limit) return 'bad';
    this.partial = rest > 0 ? buf.subarray(at) : undefined;
    this.scanned = Math.max(0, rest - rescan);
    return 'more';
  }

  private onHead(text: string): boolean {
    const lf = text.indexOf('\n');
    const m = STATUS_LINE.exec(text.slice(0, lf > 0 && text.charCodeAt(lf - 1) === CR ? lf - 1 : lf));
    const fields = readFields(text, lf + 1);
    if (m === null || fields === undefined) return false;
    this.status = Number(m[2]);
    return this.frame(Number(m[1]), fields);
  }

  /** Where the body ends (RFC 9112 §6.3) and whether the connection lives on (§9.3). */
  private frame(minor: number, fields: Framing): boolean {
    const status = this.status;
    const connection = items(fields.connection.toLowerCase());
    this.keepAlive = !connection.includes('close') && (minor >= 1 || connection.includes('keep-alive'));
    // We never ask to switch protocols; other 1xx are interim and a final response follows (RFC 9110 §15.2).
    if (status < 200) return status !== 101;
    if (status === 204 || status === 304) {
      this.state = 'done';
      return true;
    }
    const codings = items(fields.transferEncoding?.toLowerCase());
    const lengths = items(fields.contentLength);
    if (codings.length > 0) {
      // Transfer-Encoding in HTTP/1.0 is faulty framing (RFC 9112 §6.1).
      if (minor === 0) return false;
      // Both framings: Transfer-Encoding wins, but such a stream is not trusted with another request (§6.1).
      if (lengths.length > 0) this.keepAlive = false;
      if (codings.at(-1) === 'chunked') this.state = 'chunk-size';
      else this.closeFramed();
      return true;
    }
    if (fields.contentLength !== undefined) {
      const first = lengths[0] ?? '';
      if (!CONTENT_LENGTH.test(first) || lengths.some((v) => v !== first)) return false;
      this.left = Number(first);
      this.state = this.left > 0 ? 'body' : 'done';
      return true;
    }
    this.closeFramed();
    return true;
  }

  private closeFramed(): void {
    this.state = 'until-close';
    this.keepAlive = false;
  }

  /** A chunk-size line, the CRLF after chunk data, or a trailer line (RFC 9112 §7.1). */
  private onLine(line: string): boolean {
    if (this.state === 'chunk-end') {
      this.state = 'chunk-size';
      return line === '';
    }
    if (this.state === 'trailers') {
      if (line === '') {
        this.state = 'done';
        return true;
      }
      this.trailerBytes += line.length + 2;
      return line.indexOf(':') > 0 && this.trailerBytes <= MAX_HEAD;
    }
    const semi = line.indexOf(';');
    const size = (semi < 0 ? line : line.slice(0, semi)).replace(/[ \t]+$/, '');
    if (!CHUNK_SIZE.test(size)) return false;
    this.left = parseInt(size, 16);
    this.state = this.left > 0 ? 'chunk-data' : 'trailers';
    return true;
  }
}
