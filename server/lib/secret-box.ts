// Encrypts small secrets at rest (the TOTP secrets of two-factor sign-in) with AES-256-GCM under the server's key.
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../config.ts';

const VERSION = 'v1';
const keys = new Map<string, Buffer>();

/**
 * TWO_FACTOR_KEY when set (required with several nodes: they must share it); else a key file created once in
 * DATA_DIR with owner-only permissions, which serves the single node of the embedded database.
 */
export function serverKey(config: Pick<Config, 'twoFactorKey' | 'dataDir'>): Buffer {
  if (config.twoFactorKey) return Buffer.from(config.twoFactorKey, 'base64');
  const file = path.join(config.dataDir, 'two-factor.key');
  const known = keys.get(file);
  if (known) return known;
  fs.mkdirSync(config.dataDir, { recursive: true });
  try {
    fs.writeFileSync(file, randomBytes(32).toString('base64'), { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const key = Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'base64');
  if (key.length !== 32) throw new Error(`${file} does not hold a 32-byte key`);
  keys.set(file, key);
  return key;
}

/** `v1.<iv>.<tag>.<ciphertext>`, base64url parts; `context` (the user id) is bound in, so rows cannot be swapped. */
export function seal(key: Buffer, plaintext: string, context: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(context));
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return [VERSION, iv, cipher.getAuthTag(), body].map((part) => (typeof part === 'string' ? part : part.toString('base64url'))).join('.');
}

export function open(key: Buffer, sealed: string, context: string): string {
  const [version, iv, tag, body] = sealed.split('.');
  if (version !== VERSION || !iv || !tag || body === undefined) throw new Error('not a sealed secret');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAAD(Buffer.from(context));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
}
