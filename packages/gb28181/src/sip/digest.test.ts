// Digest against the RFC 2617 §3.5 worked example and hand-computed hashes.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { digestAuthorization, digestChallenge, parseDigestCredentials, verifyDigest } from './digest.js';

const md5 = (s: string): string => createHash('md5').update(s).digest('hex');

describe('digest', () => {
  it('reproduces the RFC 2617 §3.5 example (qop=auth)', () => {
    const auth = digestAuthorization({
      challenge:
        'Digest realm="testrealm@host.com", qop="auth,auth-int", nonce="dcd98b7102dd2f0e8b11d0f600bfb0c093", opaque="5ccc069c403ebaf9f0171e9517f40e41"',
      method: 'GET',
      uri: '/dir/index.html',
      username: 'Mufasa',
      password: 'Circle Of Life',
      cnonce: '0a4f113b',
      nc: 1,
    });
    expect(auth).toEqual({
      ok: true,
      value:
        'Digest username="Mufasa", realm="testrealm@host.com", nonce="dcd98b7102dd2f0e8b11d0f600bfb0c093", ' +
        'uri="/dir/index.html", response="6629fae49393a05397450978507c4ef1", algorithm=MD5, cnonce="0a4f113b", ' +
        'qop=auth, nc=00000001, opaque="5ccc069c403ebaf9f0171e9517f40e41"',
    });
    const creds = parseDigestCredentials(auth.ok ? auth.value : '');
    if (!creds.ok) throw new Error(creds.error);
    expect(verifyDigest(creds.value, 'GET', 'Circle Of Life')).toBe(true);
    expect(verifyDigest(creds.value, 'GET', 'Circle of Life')).toBe(false);
    expect(verifyDigest(creds.value, 'POST', 'Circle Of Life')).toBe(false);
  });

  it('writes a challenge with and without qop', () => {
    expect(digestChallenge('3402000000', 'n1')).toBe('Digest realm="3402000000", nonce="n1", algorithm=MD5');
    expect(digestChallenge('3402000000', 'n1', { qop: true, opaque: 'o' })).toBe(
      'Digest realm="3402000000", nonce="n1", opaque="o", qop="auth", algorithm=MD5',
    );
  });

  it('parses quoted and unquoted params, escaped quotes and commas inside quotes', () => {
    const r = parseDigestCredentials(
      'digest username = "34020000001320000001" ,realm=3402000000,nonce="a,b", uri="sip:x@y;a=\\"q\\"",response=ABCDEF0123456789abcdef0123456789,algorithm=md5',
    );
    expect(r).toEqual({
      ok: true,
      value: {
        username: '34020000001320000001',
        realm: '3402000000',
        nonce: 'a,b',
        uri: 'sip:x@y;a="q"',
        response: 'ABCDEF0123456789abcdef0123456789',
        algorithm: 'md5',
      },
    });
    // Upper-case hex from a device still verifies (hashes compare case-insensitively).
    if (!r.ok) return;
    const upper = {
      ...r.value,
      response: md5(`${md5('34020000001320000001:3402000000:pw')}:a,b:${md5('REGISTER:sip:x@y;a="q"')}`).toUpperCase(),
    };
    expect(verifyDigest(upper, 'REGISTER', 'pw')).toBe(true);
  });

  it.each([
    ['Basic abc', /not Digest/],
    ['Digest realm="r", nonce="n"', /lack username/],
    ['Digest username="u, realm="r"', /expected ','/],
    ['Digest username="u" realm="r"', /expected ','/],
    ['Digest username="u", realm="r", nonce="n", uri="x", response="0", qop=auth', /nc and cnonce/],
    ['', /not Digest/],
  ])('refuses %j', (value, pattern) => {
    const r = parseDigestCredentials(value);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toMatch(pattern);
  });

  it('refuses unsupported algorithms, qop values and malformed hashes', () => {
    const base = { username: 'u', realm: 'r', nonce: 'n', uri: 'sip:a@b' };
    const good = md5(`${md5('u:r:p')}:n:${md5('REGISTER:sip:a@b')}`);
    expect(verifyDigest({ ...base, response: good }, 'REGISTER', 'p')).toBe(true);
    expect(verifyDigest({ ...base, response: good, algorithm: 'SHA-256' }, 'REGISTER', 'p')).toBe(false);
    expect(verifyDigest({ ...base, response: good, qop: 'auth-int', nc: '1', cnonce: 'c' }, 'REGISTER', 'p')).toBe(
      false,
    );
    expect(verifyDigest({ ...base, response: good.slice(0, 31) }, 'REGISTER', 'p')).toBe(false);
    expect(
      digestAuthorization({ challenge: 'Digest realm="r"', method: 'M', uri: 'u', username: 'a', password: 'b' }).ok,
    ).toBe(false);
    expect(
      digestAuthorization({
        challenge: 'Digest realm="r", nonce="n", qop="auth-int"',
        method: 'M',
        uri: 'u',
        username: 'a',
        password: 'b',
      }).ok,
    ).toBe(false);
  });
});
