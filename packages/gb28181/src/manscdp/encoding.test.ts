// Body encodings: GB2312/GBK/GB18030 by prolog, UTF-8, and the fallback when UTF-8 is invalid.
import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { decodeBody, encodeBody } from './encoding.js';
import { decodeManscdp } from './message.js';

const NAME = '前门摄像机';

describe('decodeBody / encodeBody', () => {
  it('decodes literal GB2312 bytes named by the prolog', () => {
    const bytes = iconv.encode(`<?xml version="1.0" encoding="GB2312"?><Name>${NAME}</Name>`, 'gb2312');
    // 前 is B0 FC... in GB2312: make sure these are GB bytes, not UTF-8.
    expect(bytes.includes(Buffer.from(NAME, 'utf8'))).toBe(false);
    expect(bytes.subarray(bytes.indexOf('<Name>') + 6, bytes.indexOf('<Name>') + 8)).toEqual(Buffer.from([0xc7, 0xb0]));
    expect(decodeBody(bytes)).toBe(`<?xml version="1.0" encoding="GB2312"?><Name>${NAME}</Name>`);
  });

  it('reads GBK and GB18030 labels and four-byte GB18030 sequences', () => {
    const rare = '𠀀'; // U+20000, a four-byte GB18030 sequence
    const body = iconv.encode(`<?xml version='1.0' encoding='gb18030'?><a>${NAME}${rare}</a>`, 'gb18030');
    expect(decodeBody(body)).toContain(`${NAME}${rare}`);
    expect(decodeBody(iconv.encode(`<?xml version="1.0" encoding="GBK"?><a>${NAME}</a>`, 'gbk'))).toContain(NAME);
  });

  it('uses UTF-8 when declared or valid, and GB18030 when UTF-8 is invalid', () => {
    expect(decodeBody(Buffer.from(`<?xml version="1.0" encoding="UTF-8"?><a>${NAME}</a>`))).toContain(NAME);
    expect(decodeBody(Buffer.from(`\uFEFF<a>${NAME}</a>`))).toBe(`<a>${NAME}</a>`);
    expect(decodeBody(iconv.encode(`<a>${NAME}</a>`, 'gb2312'))).toBe(`<a>${NAME}</a>`);
    // Declared UTF-8 but written in GBK by the firmware.
    expect(decodeBody(iconv.encode(`<?xml version="1.0" encoding="UTF-8"?><a>${NAME}</a>`, 'gbk'))).toContain(NAME);
  });

  it('writes the prolog matching the bytes and replaces any prolog already there', () => {
    const gb = encodeBody(`<?xml version="1.0" encoding="UTF-8"?>\n<a>${NAME}</a>`, 'GB2312');
    expect(gb.subarray(0, 40).toString('latin1')).toBe('<?xml version="1.0" encoding="GB2312"?>\r');
    expect(gb).toEqual(iconv.encode(`<?xml version="1.0" encoding="GB2312"?>\r\n<a>${NAME}</a>`, 'gb2312'));
    expect(encodeBody(`<a>${NAME}</a>`, 'UTF-8').toString('utf8')).toBe(
      `<?xml version="1.0" encoding="UTF-8"?>\r\n<a>${NAME}</a>`,
    );
  });
});

describe('the all-ASCII shortcut of decodeBody / encodeBody', () => {
  const GB_PROLOG = '<?xml version="1.0" encoding="GB2312"?>\r\n';
  const ASCII = Array.from({ length: 128 }, (_, i) => String.fromCharCode(i)).join('');

  it('writes and reads every ASCII character as iconv and the GB18030 decoder do', () => {
    expect(encodeBody(`<a>${ASCII}</a>`, 'GB2312')).toEqual(iconv.encode(`${GB_PROLOG}<a>${ASCII}</a>`, 'gb2312'));
    const bytes = Buffer.from(`${GB_PROLOG}<a>${ASCII}</a>`, 'latin1');
    expect(decodeBody(bytes)).toBe(new TextDecoder('gb18030').decode(bytes));
  });

  it('writes GBK bytes for a body that is ASCII but for its last character', () => {
    const body = encodeBody(`<a>${'x'.repeat(300)}</a>前`, 'GB2312');
    expect(body.subarray(-2)).toEqual(Buffer.from([0xc7, 0xb0]));
    expect(decodeBody(body).endsWith('</a>前')).toBe(true);
  });

  it('decodes a body that is ASCII but for its last byte or byte pair', () => {
    const ascii = Buffer.from(`${GB_PROLOG}<a>${'x'.repeat(300)}</a>`, 'latin1');
    expect(decodeBody(Buffer.concat([ascii, Buffer.from([0xc7, 0xb0])])).endsWith('</a>前')).toBe(true);
    // 0x80 alone is the euro sign in GB18030: the shortcut stops below it.
    expect(decodeBody(Buffer.concat([ascii, Buffer.from([0x80])])).endsWith('</a>€')).toBe(true);
    // Without a prolog, valid UTF-8 is read as UTF-8.
    expect(decodeBody(Buffer.from(`<a>${'x'.repeat(300)}</a>é`, 'utf8')).endsWith('</a>é')).toBe(true);
  });
});

describe('decodeManscdp', () => {
  const env = (inner: string): Buffer => encodeBody(`<Notify>${inner}</Notify>`, 'GB2312');

  it('reads root, CmdType, SN and DeviceID tolerant of case and whitespace', () => {
    const r = decodeManscdp(
      Buffer.from('<notify>\n <cmdtype> Keepalive </cmdtype>\n <sn>\t12 </sn><DeviceId>3402</DeviceId></notify>'),
    );
    expect(r).toMatchObject({ ok: true, value: { root: 'Notify', cmdType: 'Keepalive', sn: 12, deviceId: '3402' } });
  });

  it.each([
    ['missing CmdType', env('<SN>1</SN><DeviceID>1</DeviceID>'), 'missing CmdType'],
    ['missing SN', env('<CmdType>Keepalive</CmdType><DeviceID>1</DeviceID>'), 'missing or bad SN'],
    ['bad SN', env('<CmdType>Keepalive</CmdType><SN>x</SN><DeviceID>1</DeviceID>'), 'missing or bad SN'],
    ['missing DeviceID', env('<CmdType>Keepalive</CmdType><SN>1</SN>'), 'missing DeviceID'],
    ['an unknown root', encodeBody('<Other><CmdType>a</CmdType></Other>', 'UTF-8'), 'unknown MANSCDP root <Other>'],
  ])('answers an error for %s', (_n, body, error) => {
    expect(decodeManscdp(body)).toEqual({ ok: false, error });
  });

  it('refuses a body over the byte cap before decoding it', () => {
    expect(decodeManscdp(Buffer.alloc(300_000, 0x20))).toEqual({ ok: false, error: 'body larger than 262144 bytes' });
  });
});
