// Uploading in tests: a real multipart body (server/test/multipart.ts) through the real app.
import type { App } from '../../context.ts';
import type { TestUser } from '../../test/factories.ts';
import { postFiles } from '../../test/multipart.ts';

export async function uploadAs(app: App, user: TestUser | undefined, filename: string, bytes: Buffer, headers: Record<string, string> = {}) {
  const res = await postFiles(app, user, '/api/files', [{ filename, bytes }], headers);
  return {
    status: res.statusCode, body: res.json() as Record<string, unknown> & { _id: string; msg?: string; code?: string },
    replayed: res.headers['idempotent-replayed'] === 'true',
  };
}

export async function download(app: App, user: TestUser | undefined, id: string, headers: Record<string, string> = {}) {
  return app.inject({ method: 'GET', url: `/api/files/${id}`, headers: { ...(user?.headers ?? {}), ...headers } });
}
