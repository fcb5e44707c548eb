// The files job, every 10 minutes on one node: uploads never attached within 24 hours go; objects of deleted files
// (a message unsent, purged or deleted with its conversation, an account deleted: file_deletions, filled by the rows'
// trigger) are removed from their backend.
import { sql } from 'drizzle-orm';
import { UNATTACHED_TTL_MS } from '../../../common/files.ts';
import type { AppContext } from '../../context.ts';
import { queryRows } from '../../db/client.ts';
import type { SqlRow } from '../../db/rows.ts';
import type { fileDeletions } from '../../db/schema.ts';
import { storesOf } from '../../lib/files/records.ts';
import { objectKey } from '../../lib/files/sealed.ts';
import type { StorageKind } from '../../lib/files/storage.ts';

const FILES_JOB = 'files:purge';
const EVERY_MS = 10 * 60_000;
const BATCH = 500;
const THUMB = objectKey('', 'thumb');

/**
 * Answers how many uploads went unattached, how many objects were removed, and the files whose thumbnails those were
 * (rows deleted by cascade, an account's deletion or retention's purge, that no service named when they went).
 */
export async function purgeFiles(ctx: Pick<AppContext, 'db' | 'config'>, now: Date): Promise<{ unattached: number; objects: number; thumbnailsOf: string[] }> {
  const cutoff = new Date(now.getTime() - UNATTACHED_TTL_MS).toISOString();
  const unattached = await queryRows(ctx.db, sql`
    DELETE FROM files WHERE attached_at IS NULL AND created_at < ${cutoff}::timestamptz RETURNING id`);
  let objects = 0;
  const thumbnailsOf: string[] = [];
  const stores = storesOf(ctx.db, ctx.config);
  for (;;) {
    const gone = await queryRows<SqlRow<typeof fileDeletions, 'key' | 'storage'> & { storage: StorageKind /* narrowed by its CHECK */ }>(ctx.db, sql`
      SELECT key, storage FROM file_deletions ORDER BY created_at LIMIT ${BATCH}`);
    if (!gone.length) break;
    for (const kind of ['db', 's3'] as const) {
      const keys = gone.filter((g) => g.storage === kind).map((g) => g.key);
      if (!keys.length) continue;
      await stores.of(kind).delete(keys);
      await ctx.db.execute(sql`DELETE FROM file_deletions WHERE storage = ${kind}
        AND key IN (${sql.join(keys.map((k) => sql`${k}`), sql`, `)})`);
      objects += keys.length;
      for (const key of keys) if (key.endsWith(THUMB)) thumbnailsOf.push(key.slice(0, -THUMB.length));
    }
    if (gone.length < BATCH) break;
  }
  return { unattached: unattached.length, objects, thumbnailsOf };
}

export function registerFileJobs(ctx: AppContext): void {
  ctx.jobs.recurring(FILES_JOB, (after) => new Date(after.getTime() + EVERY_MS), async (_payload, { now }) => {
    // Every node lets these thumbnails go (a deleted file is refused by the access check already: this frees memory).
    ctx.caches.publish({ type: 'files.deleted', fileIds: (await purgeFiles(ctx, now)).thumbnailsOf });
  });
}
