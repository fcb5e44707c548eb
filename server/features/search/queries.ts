import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.ts';

/** Which of `ids` the viewer blocked (the blocks primary key; at most a few ids, those of one answer's authors). */
export async function blockedAmong(db: Db, viewerId: string, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await queryRows<{ id: string }>(db, sql`
    SELECT blocked_id::text AS id FROM blocks WHERE blocker_id = ${viewerId} AND blocked_id = ANY(${`{${ids.join(',')}}`}::uuid[])`);
  return new Set(rows.map((r) => r.id));
}
