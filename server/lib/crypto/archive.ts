// Backup archives, encrypted by the app (docs/decisions/0185). An archive cannot use a data key from the database it
// holds: it carries its own random key, wrapped by the key file's key, in its manifest, which also names that key file
// (its fingerprint), so a restore needs the key file and nothing else, and says which one when given another.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { decryptStream, encryptStream } from './cipher.ts';
import { backupContext } from './fields.ts';
import { unwrap, wrap, type KeyFile } from './keyring.ts';

export type ArchiveEncryption = { cipher: 'aes-256-gcm-chunked'; keyFile: string; keyId: string; wrappedKey: string };

const ARCHIVE_KEY_ID = 'archive';

export async function encryptArchive(kek: KeyFile, from: string, to: string): Promise<ArchiveEncryption> {
  const key = randomBytes(32);
  await pipeline(fs.createReadStream(from), encryptStream(backupContext, { id: ARCHIVE_KEY_ID, key }), fs.createWriteStream(to, { mode: 0o600 }));
  return { cipher: 'aes-256-gcm-chunked', keyFile: kek.kekId, keyId: ARCHIVE_KEY_ID, wrappedKey: wrap(kek.kek, ARCHIVE_KEY_ID, 'archive', key) };
}

export async function decryptArchive(kek: KeyFile, encryption: ArchiveEncryption, from: string, to: string): Promise<void> {
  if (encryption.keyFile !== kek.kekId) {
    throw new Error(`This backup needs the encryption key file ${encryption.keyFile}; ${kek.file} is ${kek.kekId}. Set ENCRYPTION_KEY_FILE to the file it was made with.`);
  }
  const key = unwrap(kek, { id: encryption.keyId, wrapped: encryption.wrappedKey, kek_id: encryption.keyFile, purpose: 'archive' });
  await pipeline(fs.createReadStream(from), decryptStream(backupContext, () => key), fs.createWriteStream(to));
}
