// "Access to my account": the member's own part of the audit trail (decision 0180), newest first. Who is shown as a
// member reads it: "You", "An administrator" (never which one), a colleague by name; addresses with their last part
// hidden, as the sessions list shows them.
import { sql } from 'drizzle-orm';
import type { AccessLog } from '../../../common/audit.ts';
import type { AppContext } from '../../context.ts';
import { queryRows } from '../../db/client.ts';
import type { CurrentUser } from '../../lib/auth.ts';
import { ACCESS_LOG_COLUMNS, presentAccessEntry, type AccessLogRow } from '../../lib/access-log.ts';

const PAGE = 30;

export async function accessLog(ctx: AppContext, user: CurrentUser, { cursor }: { cursor?: string }): Promise<AccessLog> {
  const before = cursor ? sql`AND a.seq < ${Number(cursor)}` : sql``;
  const rows = await queryRows<AccessLogRow>(ctx.db, sql`
    SELECT ${ACCESS_LOG_COLUMNS}
    FROM audit_log a LEFT JOIN users u ON u.id = a.actor_id
    WHERE a.member_id = ${user.id} ${before}
    ORDER BY a.seq DESC LIMIT ${PAGE + 1}`);
  const page = rows.slice(0, PAGE);
  return {
    events: page.map(presentAccessEntry),
    nextCursor: rows.length > PAGE ? page[page.length - 1].seq : null,
  };
}
