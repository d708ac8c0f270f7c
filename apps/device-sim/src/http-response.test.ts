// ResponseReader on literal bytes: framing by length, chunks and close, interim responses, keep-alive rules, bad input.
import { describe, expect, it } from 'vitest';
import { ResponseReader, type ReadResult } from './http-response.js';

const bytes = (s: string) => Buffer.from(s, 'latin1');

/** Feeds the text in pieces cut at the given offsets; answers the last verdict. */
function feedSplit(r: ResponseReader, text: string, cuts: number[]): ReadResult {
  const b = bytes(text);
  let result: ReadResult = 'more';
  let from = 0;
  for (const cut of [...cuts, b.length]) {
    result = r.feed(b.subarray(from, cut));
    from = cut;
    if (result !== 'more') break;
  }
  return result;
}

function read(text: string): { result: ReadResult; r: ResponseReader } {
  const r = new ResponseReader();
  return { result: r.feed(bytes(text)), r };
}

const CHUNKED =
  'HTTP/1.1 200 OK\r\nTransfer-Encoding: gzip, Chunked\r\n\r\n' +
  '5;name="x y";q=1\r\nhello\r\n' +
  'A \t;ext\r\n0123456789\r\n' +
  '0;last\r\nX-Checksum: abc\r\nX-Other: 1\r\n\r\n';

describe('ResponseReader', () => {
  it('reads a Content-Length body split at every byte and keeps an HTTP/1.1 connection', () => {
    const text = 'HTTP/1.1 201 Created\r\ncontent-LENGTH: 4\r\nDate: x\r\n\r\nbody';
    for (let cut = 1; cut < text.length; cut++) {
      const r = new ResponseReader();
      expect(feedSplit(r, text, [cut]), `cut at ${cut}`).toBe('done');
      expect(r.status).toBe(201);
      expect(r.keepAlive).toBe(true);
    }
    const r = new ResponseReader();
    expect(feedSplit(r, text.slice(0, -1), [])).toBe('more');
  });

  it('reads a chunked body with extensions and trailers, whole, cut anywhere, and a byte at a time', () => {
    expect(read(CHUNKED).result).toBe('done');
    for (let cut = 1; cut < CHUNKED.length; cut++) {
      const r = new ResponseReader();
      expect(feedSplit(r, CHUNKED, [cut]), `cut at ${cut}`).toBe('done');
      expect(r.keepAlive).toBe(true);
    }
    const r = new ResponseReader();
    const ones = Array.from({ length: CHUNKED.length - 1 }, (_, i) => i + 1);
    expect(feedSplit(r, CHUNKED, ones)).toBe('done');
    expect(r.status).toBe(200);
    // Without its final blank line the trailer section is not over.
    expect(read(CHUNKED.slice(0, -2)).result).toBe('more');
  });

  it('accepts bare LF line ends', () => {
    const { result, r } = read('HTTP/1.1 200 OK\nTransfer-Encoding: chunked\n\n2\nok\n0\n\n');
    expect(result).toBe('done');
    expect(r.keepAlive).toBe(true);
  });

  it('skips interim 1xx responses and reports the final status', () => {
    const { result, r } = read('HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 103 Early Hints\r\nLink: </a>\r\n\r\n');
    expect(result).toBe('more');
    expect(r.feed(bytes('HTTP/1.1 413 Payload Too Large\r\nContent-Length: 0\r\n\r\n'))).toBe('done');
    expect(r.status).toBe(413);
  });

  it('keeps or closes the connection as the version and Connection field say', () => {
    expect(read('HTTP/1.1 200 OK\r\nConnection: Upgrade, Close\r\nContent-Length: 0\r\n\r\n').r.keepAlive).toBe(false);
    expect(read('HTTP/1.0 200 OK\r\nContent-Length: 0\r\n\r\n').r.keepAlive).toBe(false);
    expect(read('HTTP/1.0 200 OK\r\nConnection: Keep-Alive\r\nContent-Length: 0\r\n\r\n').r.keepAlive).toBe(true);
    // Obsolete folding continues the Connection value.
    expect(read('HTTP/1.1 200 OK\r\nConnection: te,\r\n close\r\nContent-Length: 0\r\n\r\n').r.keepAlive).toBe(false);
    // The same length twice is one length.
    const twice = read('HTTP/1.1 200 OK\r\nContent-Length: 2, 2\r\nContent-Length: 2\r\n\r\nok');
    expect([twice.result, twice.r.keepAlive]).toEqual(['done', true]);
  });

  it('reads until close when neither length nor chunked frames the body', () => {
    for (const head of [
      'HTTP/1.1 200 OK\r\n\r\n',
      'HTTP/1.0 200 OK\r\nConnection: keep-alive\r\n\r\n',
      'HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked, gzip\r\n\r\n',
    ]) {
      const { result, r } = read(`${head}whatever comes`);
      expect(result, head).toBe('more');
      expect(r.feed(bytes(' and more'))).toBe('more');
      expect(r.end()).toBe('done');
      expect(r.keepAlive).toBe(false);
    }
  });

  it('calls a response cut short by the close bad', () => {
    expect(read('HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\nabc').r.end()).toBe('bad');
    expect(read('HTTP/1.1 200 OK\r\nContent-Length: 0\r\n').r.end()).toBe('bad');
    expect(read('HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nab').r.end()).toBe('bad');
  });

  it('reads no body after 204 and 304 whatever the fields say', () => {
    expect(read('HTTP/1.1 204 No Content\r\nContent-Length: 5\r\n\r\n').result).toBe('done');
    expect(read('HTTP/1.1 304 Not Modified\r\nTransfer-Encoding: chunked\r\n\r\n').result).toBe('done');
  });

  it('lets Transfer-Encoding win over Content-Length but does not keep that connection', () => {
    const { result, r } = read('HTTP/1.1 200 OK\r\nContent-Length: 100\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n');
    expect([result, r.keepAlive]).toEqual(['done', false]);
  });

  it('does not keep a connection that sent bytes after the response', () => {
    const { result, r } = read('HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nokHTTP/1.1 200 OK\r\n');
    expect([result, r.status, r.keepAlive]).toEqual(['done', 200, false]);
  });

  it('rejects what is not an HTTP/1.x response', () => {
    const bad = [
      'HTTP/2 200 OK\r\n\r\n',
      'ICY 200 OK\r\n\r\n',
      'HTTP/1.1 20 OK\r\n\r\n',
      'HTTP/1.1 200 OK\r\nno colon here\r\n\r\n',
      'HTTP/1.1 200 OK\r\n folded first\r\n\r\n',
      'HTTP/1.1 200 OK\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\n',
      'HTTP/1.1 200 OK\r\nContent-Length: -1\r\n\r\n',
      'HTTP/1.1 200 OK\r\nContent-Length: \r\n\r\n',
      'HTTP/1.0 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n',
      'HTTP/1.1 101 Switching Protocols\r\n\r\n',
      'HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n',
      'HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n2\r\nokX\r\n',
      'HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n0\r\nnot a trailer\r\n\r\n',
    ];
    for (const text of bad) expect(read(text).result, JSON.stringify(text)).toBe('bad');
  });

  it('gives up on a head or chunk line that never ends', () => {
    const r = new ResponseReader();
    expect(r.feed(bytes('HTTP/1.1 200 OK\r\n'))).toBe('more');
    let result: ReadResult = 'more';
    for (let i = 0; i < 100 && result === 'more'; i++) result = r.feed(bytes(`X-${i}: ${'v'.repeat(1000)}\r\n`));
    expect(result).toBe('bad');
    expect(read(`HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n1;${'e'.repeat(5000)}`).result).toBe('bad');
  });

  it('starts over after reset', () => {
    const r = new ResponseReader();
    expect(r.feed(bytes('HTTP/1.1 500 Oops\r\nContent-Length: 9\r\n\r\nabc'))).toBe('more');
    r.reset();
    expect(r.feed(bytes('HTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n'))).toBe('done');
    expect(r.status).toBe(200);
  });
});
