// Where uploaded files' bytes live (docs/decisions/0220): one interface, two backends. The bytes handed to a store are
// already encrypted (server/lib/files/sealed.ts), so neither the database nor a bucket ever holds a readable byte.
// Both stream: a store never holds a whole object in memory.
import type { Readable } from 'node:stream';
import type { Db } from '../../db/client.ts';
import { dbStore } from './db-store.ts';
import { s3Store } from './s3-store.ts';

export const STORAGE_KINDS = ['db', 's3'] as const;
export type StorageKind = (typeof STORAGE_KINDS)[number];

/** `end` is inclusive, as in an HTTP Range. */
export type ByteRange = { start: number; end: number };

export interface ObjectStore {
  readonly kind: StorageKind;
  /** Writes the object from the stream; answers its size. A failed write leaves no object behind. */
  put(key: string, body: Readable): Promise<number>;
  /** The object's bytes (those of `range` only, when given). */
  get(key: string, range?: ByteRange): Promise<Readable>;
  /** Removes the objects; a key that is not there is no error. */
  delete(keys: string[]): Promise<void>;
  /** Every key held (tests and the canary: what the backend stores). */
  keys(): Promise<string[]>;
}

export type S3Settings = {
  endpoint?: string; bucket: string; region: string; accessKeyId?: string; secretAccessKey?: string; forcePathStyle: boolean;
};

export type FileSettings = {
  /** Where new files go: 'db' unless S3_BUCKET is set (FILE_STORAGE overrides). */
  storage: StorageKind;
  s3?: S3Settings;
  maxBytes: number;
  quotaBytes: number;
  /** An image with more pixels than this is refused before it is decoded (a decompression bomb). */
  maxPixels: number;
  /** Decrypted thumbnails kept in memory (decision 0375): total bytes, and how long an unread one stays. */
  thumbnailCache: { maxBytes: number; ttlMs: number };
};

/** One store per backend per database (the app's, the migration script's, a test's). */
export type Stores = { writer: ObjectStore; of: (kind: StorageKind) => ObjectStore; close: () => void };

export function openStores(db: Db, settings: Pick<FileSettings, 'storage' | 's3'>): Stores {
  const db1 = dbStore(db);
  let s3: ReturnType<typeof s3Store> | undefined;
  const of = (kind: StorageKind): ObjectStore => {
    if (kind === 'db') return db1;
    if (!settings.s3) throw new Error('Files are stored in S3 but S3_BUCKET is not set on this node.');
    s3 ??= s3Store(settings.s3);
    return s3;
  };
  return { writer: of(settings.storage), of, close: () => s3?.close() };
}
