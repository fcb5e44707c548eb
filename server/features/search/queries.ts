import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { queryPrepared } from '../../db/prepared.ts';

/** Which of `ids` the viewer blocked (the blocks primary key; at most a few ids, those of one answer's authors). */
export async function blockedAmong(db: Db, viewerId: string, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  // Prepared (one shape however many ids): it runs on every search that finds people.
  const rows = await queryPrepared<{ id: string }>(db, sql`
    SELECT blocked_id::text AS id FROM blocks WHERE blocker_id = ${viewerId} AND blocked_id = ANY(${sql.param(ids)}::uuid[])`);
  return new Set(rows.map((r) => r.id));
}
