import { describe, expect, it } from 'vitest';
import { unstorableText } from './text-guard.js';

describe('unstorableText', () => {
  it('passes text PostgreSQL stores as given, astral characters included', () => {
    expect(unstorableText({ a: 'plain', b: ['摄像机', '😀 ok'], c: { d: 1, e: null } }, '')).toBeNull();
  });

  it('names the first field holding a NUL byte', () => {
    expect(unstorableText({ a: 'ok', list: ['x', 'a\u0000b'] }, '')).toBe('list.1');
    expect(unstorableText({ sn: 'ab\u0000cd' }, 'query')).toBe('query.sn');
  });

  it('finds unpaired surrogates, high or low, at either end', () => {
    expect(unstorableText({ a: '\uD800' }, '')).toBe('a');
    expect(unstorableText({ a: 'x\uDC00' }, '')).toBe('a');
    expect(unstorableText({ a: '\uDE00\uD83D' }, '')).toBe('a');
    expect(unstorableText({ a: '\uD83D\uDE00' }, '')).toBeNull();
  });

  it('checks keys too', () => {
    expect(unstorableText({ ['k\u0000']: 1 }, '')).toBe('k\u0000');
  });
});
