import { sql } from 'drizzle-orm';
import type { AdminQueueCounts } from '../../../common/admin.ts';
import type { AppContext } from '../../context.ts';
import { queryRows } from '../../db/client.ts';

/** What waits in each queue, counted as each queue lists it, in one statement. */
export async function adminQueueCounts(ctx: AppContext): Promise<AdminQueueCounts> {
  const [row] = await queryRows<AdminQueueCounts>(ctx.db, sql`
    SELECT
      (SELECT count(*)::int FROM users WHERE verification_status = 'pending') AS verifications,
      (SELECT count(*)::int FROM users WHERE pending_name IS NOT NULL) AS "nameChanges",
      (SELECT count(DISTINCT (target_type, target_id))::int FROM reports WHERE status = 'open') AS reports,
      (SELECT count(*)::int FROM resources WHERE NOT is_approved) AS resources`);
  return row;
}
