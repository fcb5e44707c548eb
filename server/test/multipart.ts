// Uploads in tests: a well-formed multipart/form-data body, as a browser's form sends it, through the real app.
// Tests of malformed bodies (server/test/attack-*.test.ts) write their own bytes on purpose.
import type { App } from '../context.ts';
import type { TestUser } from './factories.ts';

const BOUNDARY = 'thera-test-boundary-5d2b';

/** One file of a form: the field it is sent under, its name, the type it declares, and its bytes. */
export type FilePart = { field?: string; filename: string; contentType?: string; bytes: Buffer };

/** The body holding the files in order, and the content type that names its boundary. */
function multipartBody(parts: FilePart[]): { payload: Buffer; contentType: string } {
  const files = parts.flatMap(({ field = 'file', filename, contentType = 'application/octet-stream', bytes }) => [
    Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`),
    bytes, Buffer.from('\r\n'),
  ]);
  return { payload: Buffer.concat([...files, Buffer.from(`--${BOUNDARY}--\r\n`)]), contentType: `multipart/form-data; boundary=${BOUNDARY}` };
}

/** POSTs the files to `url` as the user (signed out without one); `headers` are added last, as an Idempotency-Key. */
export function postFiles(app: App, user: TestUser | undefined, url: string, parts: FilePart[], headers: Record<string, string> = {}) {
  const { payload, contentType } = multipartBody(parts);
  return app.inject({ method: 'POST', url, payload, headers: { ...(user?.headers ?? {}), 'content-type': contentType, ...headers } });
}

/** Uploads one file: the status and the parsed body, as `caller` (./http.ts) gives them. */
export async function uploadFile(app: App, user: TestUser | undefined, url: string, file: FilePart) {
  const res = await postFiles(app, user, url, [file]);
  return { status: res.statusCode, body: res.json() };
}
