// The database backend (the embedded default, small installs): each object in pieces of PIECE_BYTES in file_blobs,
// written as they arrive and read one at a time, as data exports are (migration 0157). The pieces have a fixed size,
// so a Range read fetches only the pieces it needs.
import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.ts';
import type { SqlRow } from '../../db/rows.ts';
import type { fileBlobs } from '../../db/schema.ts';
import type { ByteRange, ObjectStore } from './storage.ts';

const PIECE_BYTES = 1024 * 1024;

export function dbStore(db: Db): ObjectStore {
  return {
    kind: 'db',
    async put(key, body) {
      let seq = 0;
      let size = 0;
      let pending: Buffer[] = [];
      let pendingBytes = 0;
      const write = async (bytes: Buffer) => {
        await db.execute(sql`INSERT INTO file_blobs (key, seq, bytes) VALUES (${key}, ${seq++}, ${bytes})`);
        size += bytes.length;
      };
      const sink = new Writable({
        write(chunk: Buffer, _encoding, done) {
          pending.push(chunk);
          pendingBytes += chunk.length;
          if (pendingBytes < PIECE_BYTES) return done();
          const all = Buffer.concat(pending, pendingBytes);
          const whole = all.length - (all.length % PIECE_BYTES);
          pending = whole < all.length ? [all.subarray(whole)] : [];
          pendingBytes = all.length - whole;
          (async () => {
            for (let at = 0; at < whole; at += PIECE_BYTES) await write(all.subarray(at, at + PIECE_BYTES));
          })().then(() => done(), done);
        },
        final(done) {
          (pendingBytes ? write(Buffer.concat(pending, pendingBytes)) : Promise.resolve()).then(() => done(), done);
        },
      });
      try {
        await pipeline(body, sink);
      } catch (error) {
        await db.execute(sql`DELETE FROM file_blobs WHERE key = ${key}`);
        throw error;
      }
      return size;
    },
    async get(key, range?: ByteRange) {
      const first = range ? Math.floor(range.start / PIECE_BYTES) : 0;
      const last = range ? Math.floor(range.end / PIECE_BYTES) : Number.MAX_SAFE_INTEGER;
      async function* pieces(): AsyncGenerator<Buffer> {
        for (let seq = first; seq <= last; seq++) {
          const [piece] = await queryRows<SqlRow<typeof fileBlobs, 'bytes'>>(db, sql`SELECT bytes FROM file_blobs WHERE key = ${key} AND seq = ${seq}`);
          if (!piece) {
            if (seq === first) throw new Error(`file object ${key} is missing`);
            return;
          }
          let bytes = Buffer.from(piece.bytes.buffer, piece.bytes.byteOffset, piece.bytes.byteLength);
          const base = seq * PIECE_BYTES;
          if (range) bytes = bytes.subarray(Math.max(0, range.start - base), Math.max(0, range.end - base + 1));
          yield bytes;
        }
      }
      // The first piece is read before answering: a missing object fails here, not in the middle of a response.
      const iterator = pieces();
      const head = await iterator.next();
      return Readable.from((async function* () {
        if (!head.done) yield head.value;
        yield* iterator;
      })());
    },
    async delete(keys) {
      if (keys.length) await db.execute(sql`DELETE FROM file_blobs WHERE key IN (${sql.join(keys.map((k) => sql`${k}`), sql`, `)})`);
    },
    async keys() {
      const rows = await queryRows<SqlRow<typeof fileBlobs, 'key'>>(db, sql`SELECT DISTINCT key FROM file_blobs ORDER BY key`);
      return rows.map((r) => r.key);
    },
  };
}
