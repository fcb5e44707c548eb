// Break-glass reading of a reported chat message (decision 0181): a conversation is private to its two participants, so
// an administrator reads the reported message and the messages around it only after giving a reason, and each reading
// is in the audit trail, once for each participant, with that reason.
import { sql } from 'drizzle-orm';
import { REPORT_NOT_FOUND, type OpenConversation, type ReportedConversation } from '../../../common/moderation.ts';
import type { AppContext } from '../../context.ts';
import { queryRows } from '../../db/client.ts';
import type { SqlRow, SqlValue } from '../../db/rows.ts';
import type { conversationParticipants, messages, reports, users } from '../../db/schema.ts';
import { recordAuditedRead } from '../../lib/audit.ts';
import { openLine } from '../../lib/system-lines.ts';
import type { CurrentUser } from '../../lib/auth.ts';
import { badRequest, notFound } from '../../lib/errors.ts';

// Enough of the exchange on either side to judge the message in its context, and no more.
const AROUND = 10;
const NOT_A_MESSAGE = 'This report is not about a chat message.';

/** A message shown, its sender's name, and whether it is the one reported (computed). */
type Row = SqlRow<typeof messages, 'id' | 'sender_id' | 'text' | 'kind' | 'created_at'>
  & { sender_name: SqlValue<typeof users, 'name'>; reported: boolean };

export async function openReportedConversation(
  ctx: AppContext, admin: CurrentUser, { id, reason }: OpenConversation & { id: string },
): Promise<ReportedConversation> {
  const [report] = await queryRows<SqlRow<typeof reports, 'target_type' | 'target_id'>
    & { conversation_id: SqlValue<typeof messages, 'conversation_id'> | null }>(ctx.db, sql`
    SELECT r.target_type, r.target_id, m.conversation_id FROM reports r
    LEFT JOIN messages m ON r.target_type = 'message' AND m.id = r.target_id::uuid WHERE r.id = ${id}`);
  if (!report) throw notFound(REPORT_NOT_FOUND);
  if (report.target_type !== 'message') throw badRequest(NOT_A_MESSAGE);
  if (!report.conversation_id) throw notFound('The reported message is no longer there.');
  const rows = await queryRows<Row>(ctx.db, sql`
    WITH target AS (SELECT created_at, id FROM messages WHERE id = ${report.target_id}),
      shown AS (
        (SELECT m.* FROM messages m, target t WHERE m.conversation_id = ${report.conversation_id}
          AND (m.created_at, m.id) <= (t.created_at, t.id) ORDER BY m.created_at DESC, m.id DESC LIMIT ${AROUND + 1})
        UNION ALL
        (SELECT m.* FROM messages m, target t WHERE m.conversation_id = ${report.conversation_id}
          AND (m.created_at, m.id) > (t.created_at, t.id) ORDER BY m.created_at, m.id LIMIT ${AROUND}))
    SELECT s.id, s.sender_id, u.name AS sender_name, s.text, s.kind, s.created_at, s.id = ${report.target_id} AS reported
    FROM shown s JOIN users u ON u.id = s.sender_id ORDER BY s.created_at, s.id`);
  const participants = await queryRows<SqlRow<typeof conversationParticipants, 'user_id'>>(ctx.db, sql`
    SELECT user_id FROM conversation_participants WHERE conversation_id = ${report.conversation_id}`);
  await Promise.all(participants.map((p) => recordAuditedRead(ctx.db, {
    actorId: admin.id, action: 'report.message_open', targetType: 'message', targetId: report.target_id, memberId: p.user_id,
    reason, detail: { reportId: id, conversationId: report.conversation_id, messagesShown: rows.length },
  })));
  return {
    messages: rows.map((r) => ({
      _id: r.id, sender: { _id: r.sender_id, name: r.sender_name }, text: openLine(r.id, r.text, r.kind).text,
      createdAt: new Date(r.created_at).toISOString(), reported: r.reported,
    })),
  };
}
