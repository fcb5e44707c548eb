// S3-compatible object storage (AWS S3, MinIO, Ceph, R2, ...) through the AWS SDK v3 client, for many nodes. Objects
// are written with multipart uploads of PART_BYTES, one part in flight (lib-storage's Upload), so a node holds about
// one part per upload; they are read back streaming, with a Range when one is asked for.
import { Readable } from 'node:stream';
import { DeleteObjectsCommand, GetObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { ObjectStore, S3Settings } from './storage.ts';

const PART_BYTES = 5 * 1024 * 1024;
const PREFIX = 'files/';

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
  return {
    kind: 's3',
    async put(key, body) {
      let size = 0;
      body.on('data', (chunk: Buffer) => {
        size += chunk.length;
      });
      const upload = new Upload({
        client, params: { Bucket, Key: PREFIX + key, Body: body, ContentType: 'application/octet-stream' },
        partSize: PART_BYTES, queueSize: 1, leavePartsOnError: false,
      });
      await upload.done();
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
