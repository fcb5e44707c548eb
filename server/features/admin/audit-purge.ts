// The audit trail's own retention: entries older than the administrators' limit (at least six years) are deleted,
// oldest first, a batch per statement. The chain (migration 0220) allows a delete only with `audit.retention_purge` set
// in its transaction, and only of a prefix: so each batch is the oldest entries by their place in the chain, cut at the
// first one still inside the limit. Verification then starts from the oldest remaining entry's previous hash.
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.ts';

export async function purgeAuditTrail(db: Db, before: Date, deadline: number, batch: number): Promise<{ count: number; complete: boolean }> {
  let count = 0;
  for (;;) {
    const gone = await db.transaction(async (tx) => {
      await tx.execute(sql`SELECT set_config('audit.retention_purge', 'on', true)`);
      return queryRows(tx, sql`
        WITH oldest AS (SELECT seq, created_at FROM audit_log ORDER BY seq LIMIT ${batch}),
          kept AS (SELECT min(seq) AS seq FROM oldest WHERE created_at >= ${before.toISOString()})
        DELETE FROM audit_log WHERE seq IN (
          SELECT seq FROM oldest WHERE (SELECT seq FROM kept) IS NULL OR seq < (SELECT seq FROM kept))
        RETURNING id`);
    });
    count += gone.length;
    if (gone.length < batch) return { count, complete: true };
    if (performance.now() > deadline) return { count, complete: false };
  }
}
