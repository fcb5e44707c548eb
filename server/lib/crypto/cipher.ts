// Encryption at rest with AES-256-GCM (Node's crypto; docs/decisions/0185). Every stored form names its key id, so a
// rotation leaves older data readable. `context` (what the value is and whose row) is authenticated with it: a value
// moved to another row does not decrypt.
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { Transform, type TransformCallback } from 'node:stream';
import { keyById, writingKey } from './keyring.ts';

const TEXT_PREFIX = 'e1:';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** Whether a stored text is in this module's form (else it is legacy plain text not yet encrypted, or a tombstone). */
export const isEncrypted = (stored: string) => stored.startsWith(TEXT_PREFIX);

/** `e1:<key id>:<base64url of iv | ciphertext | tag>`. */
export function encrypt(plaintext: string, context: string): string {
  const { id, key } = writingKey();
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv).setAAD(Buffer.from(context));
  const body = Buffer.concat([iv, cipher.update(plaintext, 'utf8'), cipher.final(), cipher.getAuthTag()]);
  return `${TEXT_PREFIX}${id}:${body.toString('base64url')}`;
}

/** The text; a value not in the encrypted form is returned as it is (a tombstone, a row the start-up pass has not reached). */
export function decrypt(stored: string, context: string): string {
  if (!isEncrypted(stored)) return stored;
  const end = stored.indexOf(':', TEXT_PREFIX.length);
  const body = Buffer.from(stored.slice(end + 1), 'base64url');
  const decipher = createDecipheriv('aes-256-gcm', keyById(stored.slice(TEXT_PREFIX.length, end)), body.subarray(0, IV_BYTES))
    .setAAD(Buffer.from(context));
  decipher.setAuthTag(body.subarray(body.length - TAG_BYTES));
  return Buffer.concat([decipher.update(body.subarray(IV_BYTES, body.length - TAG_BYTES)), decipher.final()]).toString('utf8');
}

/** Null and empty stay as they are (nothing to hide, and "no note" must still read as none). */
export const encryptOptional = (plaintext: string | null, context: string) => (plaintext ? encrypt(plaintext, context) : plaintext);

// Bytes (archives, and later uploaded files) in chunks: "TRE1" | key id length | key id | 8-byte nonce prefix, then
// records of flag (1: last) | plaintext length (4) | ciphertext | tag. Each chunk's IV is the prefix and its counter,
// and its AAD the context, counter and flag: chunks cannot be reordered, dropped, or the stream cut short unnoticed.
const MAGIC = Buffer.from('TRE1');
const CHUNK_BYTES = 64 * 1024;
const chunkAad = (context: string, counter: number, last: boolean) => Buffer.from(`${context}\0${counter}\0${last ? 1 : 0}`);
const chunkIv = (prefix: Buffer, counter: number) => {
  const iv = Buffer.alloc(IV_BYTES);
  prefix.copy(iv);
  iv.writeUInt32BE(counter, 8);
  return iv;
};

/** A Transform that encrypts whatever flows through it (with the writing key unless one is given). */
export function encryptStream(context: string, { id, key } = writingKey()): Transform {
  const prefix = randomBytes(8);
  let counter = 0;
  let pending = Buffer.alloc(0);
  const seal = (plain: Buffer, last: boolean) => {
    const cipher = createCipheriv('aes-256-gcm', key, chunkIv(prefix, counter)).setAAD(chunkAad(context, counter, last));
    const head = Buffer.alloc(5);
    head.writeUInt8(last ? 1 : 0, 0);
    head.writeUInt32BE(plain.length, 1);
    counter++;
    return Buffer.concat([head, cipher.update(plain), cipher.final(), cipher.getAuthTag()]);
  };
  const idBytes = Buffer.from(id);
  let started = false;
  const header = () => (started ? [] : ((started = true), [MAGIC, Buffer.from([idBytes.length]), idBytes, prefix]));
  return new Transform({
    transform(chunk: Buffer, _encoding, done: TransformCallback) {
      pending = Buffer.concat([pending, chunk]);
      const out: Buffer[] = header();
      while (pending.length > CHUNK_BYTES) {
        out.push(seal(pending.subarray(0, CHUNK_BYTES), false));
        pending = pending.subarray(CHUNK_BYTES);
      }
      done(null, Buffer.concat(out));
    },
    flush(done: TransformCallback) {
      done(null, Buffer.concat([...header(), seal(pending, true)]));
    },
  });
}

/** encryptStream's plaintext chunk, and the stored size of each of its records but the last: a byte range maps to records. */
export const STREAM_CHUNK_BYTES = CHUNK_BYTES;
export const STREAM_RECORD_BYTES = CHUNK_BYTES + 5 + TAG_BYTES;
/** The stored header's length, read from its first 5 bytes (magic and the key id's length). */
export const streamHeaderBytes = (first: Buffer) => 5 + first[4] + 8;

/**
 * The Transform that undoes encryptStream; it fails on any change, reordering or truncation. `from` (a Range read):
 * the stream's header, and the number of the first record that follows; the records may then stop before the last.
 */
export function decryptStream(
  context: string, lookup: (keyId: string) => Buffer = keyById, from?: { header: Buffer; counter: number },
): Transform {
  let input = from ? Buffer.from(from.header) : Buffer.alloc(0);
  let key: Buffer | undefined;
  let prefix: Buffer | undefined;
  let counter = 0;
  let ended = false;
  let resumed = false;
  const next = (): Buffer | undefined => {
    if (!key || !prefix) {
      if (input.length < 5 || input.length < 5 + input[4] + 8) return undefined;
      if (!input.subarray(0, 4).equals(MAGIC)) throw new Error('not an encrypted archive');
      const idEnd = 5 + input[4];
      key = lookup(input.subarray(5, idEnd).toString());
      prefix = Buffer.from(input.subarray(idEnd, idEnd + 8));
      input = input.subarray(idEnd + 8);
      if (from && !resumed) {
        resumed = true;
        counter = from.counter;
      }
    }
    if (input.length < 5) return undefined;
    const last = input[0] === 1;
    const size = input.readUInt32BE(1);
    if (input.length < 5 + size + TAG_BYTES) return undefined;
    if (ended) throw new Error('data after the end of an encrypted stream');
    const decipher = createDecipheriv('aes-256-gcm', key, chunkIv(prefix, counter)).setAAD(chunkAad(context, counter, last));
    decipher.setAuthTag(input.subarray(5 + size, 5 + size + TAG_BYTES));
    const plain = Buffer.concat([decipher.update(input.subarray(5, 5 + size)), decipher.final()]);
    input = input.subarray(5 + size + TAG_BYTES);
    counter++;
    ended = last;
    return plain;
  };
  return new Transform({
    transform(chunk: Buffer, _encoding, done: TransformCallback) {
      input = Buffer.concat([input, chunk]);
      try {
        const out: Buffer[] = [];
        for (let plain = next(); plain; plain = next()) out.push(plain);
        done(null, Buffer.concat(out));
      } catch (error) {
        done(error as Error);
      }
    },
    flush(done: TransformCallback) {
      done((ended || (from && resumed)) && input.length === 0 ? null : new Error('the encrypted stream is incomplete'));
    },
  });
}

export const isEncryptedBytes = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.length, MAGIC.length)).equals(MAGIC);

/** Whole buffers in the same chunked form (an export's stored pieces). */
export async function encryptBytes(plain: Buffer, context: string): Promise<Buffer> {
  return collect(encryptStream(context), plain);
}

export async function decryptBytes(sealed: Buffer, context: string): Promise<Buffer> {
  return collect(decryptStream(context), sealed);
}

function collect(transform: Transform, input: Buffer): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const out: Buffer[] = [];
    transform.on('data', (chunk: Buffer) => out.push(chunk)).on('end', () => resolve(Buffer.concat(out))).on('error', reject);
    transform.end(input);
  });
}
