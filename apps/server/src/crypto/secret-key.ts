// The platform key that seals stored secrets: SECRET_KEY, else DATA_DIR/secret.key, made once.
import { createSecretKey, type KeyObject } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ConfigError, type Config } from '../config.js';
import { newSecretKeyText, parseSecretKey } from './secrets.js';

export const KEY_FILE = 'secret.key';

export type SecretKey = {
  key: KeyObject;
  /** 'SECRET_KEY', or the key file's path: what a message about a bad key must name. */
  source: string;
};

/** A ConfigError naming where the key came from, so the operator knows what to restore. */
export function keyError(secret: Pick<SecretKey, 'source'>, problem: string): ConfigError {
  return new ConfigError(
    secret.source === 'SECRET_KEY' ? `bad setting SECRET_KEY: ${problem}` : `bad key file ${secret.source}: ${problem}`,
  );
}

/**
 * The configured key, else the one in the data dir, generated on first start. The file lives beside
 * the database, not in it, so that a database dump or a copy of the PostgreSQL server alone does not
 * reveal device passwords.
 */
export function loadSecretKey(config: Pick<Config, 'secretKey' | 'dataDir'>): SecretKey {
  if (config.secretKey) return { key: config.secretKey, source: 'SECRET_KEY' };
  const path = join(config.dataDir, KEY_FILE);
  mkdirSync(config.dataDir, { recursive: true });
  try {
    // Exclusive create: a later start never replaces the key its stored values depend on. 0600: no
    // other local user reads it.
    writeFileSync(path, `${newSecretKeyText()}\n`, { flag: 'wx', mode: 0o600 });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  const key = parseSecretKey(readFileSync(path, 'utf8'));
  if (!key) throw keyError({ source: path }, 'must hold 32 bytes as 64 hex digits or base64');
  return { key: createSecretKey(key), source: path };
}
