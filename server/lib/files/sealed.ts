// Files are encrypted before any backend sees them (AES-256-GCM with the application's data keys, in 64 KB records:
// server/lib/crypto/cipher.ts's stream form), each bound to its file and variant, so an object copied to another file's
// key does not decrypt. A Range read fetches the records that hold the range, and the stream's header.
import { PassThrough, Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { decryptStream, encryptStream, STREAM_CHUNK_BYTES, STREAM_RECORD_BYTES, streamHeaderBytes } from '../crypto/cipher.ts';
import type { ByteRange, ObjectStore } from './storage.ts';

export type Variant = 'main' | 'thumb';
export const objectKey = (fileId: string, variant: Variant) => (variant === 'main' ? fileId : `${fileId}.thumb`);
const context = (fileId: string, variant: Variant) => `files\0${fileId}\0${variant}`;

/** Encrypts and stores; `body` may be a stream or the bytes. Answers the plaintext's size. */
export async function putSealed(store: ObjectStore, fileId: string, variant: Variant, body: Readable | Buffer): Promise<number> {
  let plain = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _e, done) {
      plain += chunk.length;
      done(null, chunk);
    },
  });
  const sealed = new PassThrough();
  const source = Buffer.isBuffer(body) ? Readable.from([body]) : body;
  // Both run together: the store reads what the cipher writes; the first failure fails both.
  const writing = pipeline(source, counter, encryptStream(context(fileId, variant)), sealed);
  const storing = store.put(objectKey(fileId, variant), sealed);
  const [w, s] = await Promise.allSettled([writing, storing]);
  if (w.status === 'rejected') {
    if (s.status === 'fulfilled') await store.delete([objectKey(fileId, variant)]).catch(() => {});
    throw w.reason;
  }
  if (s.status === 'rejected') throw s.reason;
  return plain;
}

/** The plaintext, or the plaintext bytes of `range` (inclusive) of a file of `size` bytes. */
export async function getSealed(store: ObjectStore, fileId: string, variant: Variant, range?: ByteRange): Promise<Readable> {
  const key = objectKey(fileId, variant);
  if (!range) return store.get(key).then((body) => body.pipe(decryptStream(context(fileId, variant))));
  const first = await readAll(await store.get(key, { start: 0, end: 4 }));
  const headerBytes = streamHeaderBytes(first);
  const header = await readAll(await store.get(key, { start: 0, end: headerBytes - 1 }));
  const firstRecord = Math.floor(range.start / STREAM_CHUNK_BYTES);
  const lastRecord = Math.floor(range.end / STREAM_CHUNK_BYTES);
  const records = await store.get(key, {
    start: headerBytes + firstRecord * STREAM_RECORD_BYTES,
    // The last record may be shorter: the backends stop at the object's end.
    end: headerBytes + (lastRecord + 1) * STREAM_RECORD_BYTES - 1,
  });
  const skip = range.start - firstRecord * STREAM_CHUNK_BYTES;
  return records.pipe(decryptStream(context(fileId, variant), undefined, { header, counter: firstRecord }))
    .pipe(slice(skip, range.end - range.start + 1));
}

/** Drops `skip` bytes, passes `length`, drops the rest. */
function slice(skip: number, length: number): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _e, done) {
      const from = Math.max(0, skip - seen);
      const to = Math.min(chunk.length, skip + length - seen);
      seen += chunk.length;
      done(null, to > from ? chunk.subarray(from, to) : undefined);
    },
  });
}

/** The whole of a stream (a thumbnail, a header): small things only. */
export async function readAll(stream: Readable): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const chunk of stream) parts.push(chunk as Buffer);
  return Buffer.concat(parts);
}
