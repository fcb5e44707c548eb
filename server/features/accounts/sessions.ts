// The member's own sessions: list them, end one, end all but this one. Ending a session ends its sockets too.
import { and, eq, ne, sql } from 'drizzle-orm';
import { parseSessionCursor, SESSIONS_PAGE_SIZE, type SessionsPage } from '../../../common/security.ts';
import type { AppContext } from '../../context.ts';
import { queryRows } from '../../db/client.ts';
import { sessions } from '../../db/schema.ts';
import type { CurrentUser } from '../../lib/auth.ts';
import { notFound } from '../../lib/errors.ts';
import { toSession, type SessionRow } from './present.ts';
import { recordAudit } from '../../lib/audit.ts';

/** Newest first, in cursor pages over sessions_user_created_idx. */
export async function listSessions(ctx: AppContext, user: CurrentUser, input: { before?: string }): Promise<SessionsPage> {
  const cursor = input.before ? parseSessionCursor(input.before) : null;
  const after = cursor ? sql`AND (s.created_at, s.id) < (${cursor.at}::timestamptz, ${cursor.id}::uuid)` : sql``;
  // The cursor keeps the microseconds PostgreSQL stores, so no session is skipped between pages.
  const rows = await queryRows<SessionRow>(ctx.db, sql`
    SELECT s.id, s.user_agent, s.ip, s.created_at, s.last_used_at,
      to_char(s.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS cursor_at
    FROM sessions s WHERE s.user_id = ${user.id} ${after}
    ORDER BY s.created_at DESC, s.id DESC LIMIT ${SESSIONS_PAGE_SIZE + 1}`);
  const page = rows.slice(0, SESSIONS_PAGE_SIZE);
  const last = page[page.length - 1];
  return {
    sessions: page.map((row) => toSession(row, user.sessionId)),
    nextCursor: rows.length > SESSIONS_PAGE_SIZE && last ? `${last.cursor_at}_${last.id}` : null,
  };
}

/** Another member's session (or none) is 404: nobody learns which ids exist. */
export async function endSession(ctx: AppContext, user: CurrentUser, input: { id: string }): Promise<void> {
  const ended = await ctx.db.transaction(async (tx) => {
    const rows = await tx.delete(sessions).where(and(eq(sessions.id, input.id), eq(sessions.userId, user.id)))
      .returning({ id: sessions.id });
    if (rows.length) await recordAudit(tx, { actorId: user.id, action: 'auth.session_revoke', targetType: 'session', targetId: input.id, memberId: user.id });
    return rows;
  });
  if (!ended.length) throw notFound('Session not found.');
  ctx.realtime.endSession(input.id);
}

/** Every session but the one asking; returns how many ended. */
export async function endOtherSessions(ctx: AppContext, user: CurrentUser): Promise<number> {
  const ended = await ctx.db.transaction(async (tx) => {
    const rows = await tx.delete(sessions).where(and(eq(sessions.userId, user.id), ne(sessions.id, user.sessionId)))
      .returning({ id: sessions.id });
    if (rows.length) {
      await recordAudit(tx, {
        actorId: user.id, action: 'auth.session_revoke', targetType: 'session', targetId: null, memberId: user.id,
        detail: { sessionsEnded: rows.length, allOthers: true },
      });
    }
    return rows;
  });
  for (const { id } of ended) ctx.realtime.endSession(id);
  return ended.length;
}
