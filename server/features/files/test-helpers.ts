// Uploading in tests: a real multipart body through the real app.
import type { App } from '../../context.ts';
import type { TestUser } from '../../test/factories.ts';

const BOUNDARY = 'thera-files-boundary-4c1e';

function multipartBody(filename: string, bytes: Buffer, type = 'application/octet-stream'): Buffer {
  return Buffer.concat([
    Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`),
    bytes, Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ]);
}

export async function uploadAs(app: App, user: TestUser | undefined, filename: string, bytes: Buffer, headers: Record<string, string> = {}) {
  const res = await app.inject({
    method: 'POST', url: '/api/files', payload: multipartBody(filename, bytes),
    headers: { ...(user?.headers ?? {}), 'content-type': `multipart/form-data; boundary=${BOUNDARY}`, ...headers },
  });
  return {
    status: res.statusCode, body: res.json() as Record<string, unknown> & { _id: string; msg?: string; code?: string },
    replayed: res.headers['idempotent-replayed'] === 'true',
  };
}

export async function download(app: App, user: TestUser | undefined, id: string, headers: Record<string, string> = {}) {
  return app.inject({ method: 'GET', url: `/api/files/${id}`, headers: { ...(user?.headers ?? {}), ...headers } });
}
