// S3-compatible object storage (AWS S3, MinIO, Ceph, R2, ...) through the AWS SDK v3 client, for many nodes. Objects
// are written with multipart uploads of PART_BYTES, one part in flight (lib-storage's Upload), so an upload holds about
// two parts while it runs (the part gathered and its joined copy): at most UPLOADS_AT_ONCE run on a node, and the
// others wait with their request paused (the sender is held by TCP, nothing is buffered here). 20 uploads of 20 MB at
// once grew a node by 352 MB without the bound (bench/files.ts). Objects are read back streaming, with a Range.
import { Readable } from 'node:stream';
import { DeleteObjectsCommand, GetObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { ObjectStore, S3Settings } from './storage.ts';

const PART_BYTES = 5 * 1024 * 1024;
const UPLOADS_AT_ONCE = 4;
const PREFIX = 'files/';

/** A counting gate: each call waits for one of `slots` places, runs its work, and gives the place back when it ends. */
function gate(slots: number) {
  let free = slots;
  const waiting: (() => void)[] = [];
  return async <T>(work: () => Promise<T>): Promise<T> => {
    if (free > 0) free -= 1;
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      return await work();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else free += 1;
    }
  };
}

export function s3Store(settings: S3Settings): ObjectStore & { close: () => void } {
  const client = new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: settings.forcePathStyle,
    credentials: settings.accessKeyId && settings.secretAccessKey
      ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey }
      : undefined,
    // The SDK's default checksums need a provider that supports them; S3-compatible servers vary. Only when required.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = settings.bucket;
  const oneOfFew = gate(UPLOADS_AT_ONCE);
  return {
    kind: 's3',
    async put(key, body) {
      let size = 0;
      await oneOfFew(() => {
        // Counted only once the upload reads: a 'data' listener sets the stream flowing, and bytes that flow before
        // the upload takes the stream are lost.
        body.on('data', (chunk: Buffer) => {
          size += chunk.length;
        });
        return new Upload({
          client, params: { Bucket, Key: PREFIX + key, Body: body, ContentType: 'application/octet-stream' },
          partSize: PART_BYTES, queueSize: 1, leavePartsOnError: false,
        }).done();
      });
      return size;
    },
    async get(key, range) {
      const answer = await client.send(new GetObjectCommand({
        Bucket, Key: PREFIX + key, Range: range ? `bytes=${range.start}-${range.end}` : undefined,
      }));
      if (!answer.Body) throw new Error(`file object ${key} is missing`);
      return answer.Body as Readable;
    },
    async delete(keys) {
      for (let at = 0; at < keys.length; at += 1000) {
        await client.send(new DeleteObjectsCommand({
          Bucket, Delete: { Objects: keys.slice(at, at + 1000).map((k) => ({ Key: PREFIX + k })), Quiet: true },
        }));
      }
    },
    async keys() {
      const found: string[] = [];
      let token: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket, Prefix: PREFIX, ContinuationToken: token }));
        for (const item of page.Contents ?? []) if (item.Key) found.push(item.Key.slice(PREFIX.length));
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      return found.sort();
    },
    close: () => client.destroy(),
  };
}
