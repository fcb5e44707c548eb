// A real S3-protocol server for tests (s3rver, from npm): objects on disk in a temporary folder, spoken to through the
// real AWS SDK client, never a mock.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';

export type TestS3 = { env: Record<string, string>; dir: string; bucket: string; close: () => Promise<void> };

export async function startS3(bucket = 'thera-files'): Promise<TestS3> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'thera-s3-'));
  const server = new S3rver({ port: 0, address: '127.0.0.1', directory: dir, silent: true });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new S3Client({
    region: 'us-east-1', endpoint, forcePathStyle: true, credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
  await client.send(new CreateBucketCommand({ Bucket: bucket }));
  client.destroy();
  return {
    dir,
    bucket,
    env: {
      FILE_STORAGE: 's3', S3_ENDPOINT: endpoint, S3_BUCKET: bucket, S3_REGION: 'us-east-1', S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER', S3_FORCE_PATH_STYLE: 'true',
    },
    close: async () => {
      await server.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
