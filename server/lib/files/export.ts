// The member's own files in "Download my data" (server/features/privacy/export.ts): each under files/, named by its
// id and its display name (two files may share a name), opened only when the ZIP writer reaches it.
import { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import { queryRows, type Db } from '../../db/client.ts';
import { FILE_COLUMNS, storesOf, type FileRow } from './records.ts';
import { getSealed } from './sealed.ts';
import type { StorageKind } from './storage.ts';

export type ExportedFile = { path: string; createdAt: Date; compress: boolean; open: () => Readable };

export async function ownFiles(ctx: { db: Db; config: Pick<Config, 'files'> }, userId: string): Promise<ExportedFile[]> {
  const rows = await queryRows<FileRow>(ctx.db, sql`SELECT ${FILE_COLUMNS} FROM files f WHERE f.owner_id = ${userId} ORDER BY f.created_at, f.id`);
  const stores = storesOf(ctx.db, ctx.config);
  return rows.map((row) => ({
    path: `files/${row.id}-${row.name}`,
    createdAt: new Date(row.created_at),
    // Images and office files (ZIPs) are compressed already.
    compress: row.kind === 'text' || row.kind === 'pdf',
    open: () => Readable.from((async function* () {
      yield* await getSealed(stores.of(row.storage as StorageKind), row.id, 'main');
    })()),
  }));
}
