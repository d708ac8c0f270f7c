// The platform key: SECRET_KEY when given, else a key file in the data dir made once, 0600, and reused.
import { createSecretKey, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError } from '../config.js';
import { KEY_FILE, loadSecretKey } from './secret-key.js';
import { decryptSecret, encryptSecret } from './secrets.js';

const dirs: string[] = [];
const dataDir = () => {
  const d = mkdtempSync(join(tmpdir(), 'svc-key-'));
  dirs.push(d);
  return d;
};
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe('loadSecretKey', () => {
  it('generates the key file once, readable by its owner only, and reads it on later starts', () => {
    const dir = join(dataDir(), 'not-yet-made');
    const first = loadSecretKey({ secretKey: undefined, dataDir: dir });
    const path = join(dir, KEY_FILE);
    expect(first.source).toBe(path);
    expect(statSync(path).mode & 0o777).toBe(0o600);
    const text = readFileSync(path, 'utf8');

    const second = loadSecretKey({ secretKey: undefined, dataDir: dir });
    expect(readFileSync(path, 'utf8')).toBe(text);
    // What the first start sealed, the next one opens.
    expect(decryptSecret(second.key, encryptSecret(first.key, 'cam-pass-42'))).toBe('cam-pass-42');
  });

  it('uses SECRET_KEY when given and writes no file', () => {
    const dir = dataDir();
    const key = createSecretKey(randomBytes(32));
    expect(loadSecretKey({ secretKey: key, dataDir: dir })).toEqual({ key, source: 'SECRET_KEY' });
    expect(existsSync(join(dir, KEY_FILE))).toBe(false);
  });

  it('stops with one line naming a key file that holds no key', () => {
    const dir = dataDir();
    writeFileSync(join(dir, KEY_FILE), 'not a key\n', { mode: 0o600 });
    let error: unknown;
    try {
      loadSecretKey({ secretKey: undefined, dataDir: dir });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toBe(
      `bad key file ${join(dir, KEY_FILE)}: must hold 32 bytes as 64 hex digits or base64`,
    );
  });
});
