// @mentions in chat: a message that mentions members of its conversation (common/mentions.ts markup) tells
// each of them through the notification centre, which keeps their preferences and drops anyone blocked either way
// with the sender. The item names the conversation, never the message's words. Mentions of someone outside the
// conversation tell nobody: they could not read it. Unsending the message (or a moderator removing it) withdraws them;
// an edit neither adds nor withdraws any, as a forum edit withdraws none (docs/decisions/0335).
import { sql } from 'drizzle-orm';
import { mentionedIds } from '../../../common/mentions.ts';
import type { AppContext } from '../../context.ts';
import { queryRows } from '../../db/client.ts';
import type { SqlRow } from '../../db/rows.ts';
import type { conversations } from '../../db/schema.ts';
import { countsChanged, notify, withdrawNotifications } from '../../lib/notify.ts';

const UNTITLED = 'a group conversation';

export async function notifyChatMentions(
  ctx: AppContext, m: { messageId: string; conversationId: string; senderId: string; text: string; recipientIds: string[] },
): Promise<void> {
  const members = new Set(m.recipientIds);
  const mentioned = mentionedIds(m.text).filter((id) => members.has(id));
  if (!mentioned.length) return;
  const [c] = await queryRows<SqlRow<typeof conversations, 'title'>>(ctx.db, sql`SELECT title FROM conversations WHERE id = ${m.conversationId}`);
  const title = c?.title ?? UNTITLED;
  await notify(ctx, [{
    type: 'mention', recipientIds: mentioned, actorId: m.senderId, sourceId: m.messageId, place: title,
    target: { kind: 'conversation', id: m.conversationId, title, url: `/chat/${m.conversationId}` },
  }]);
  // This runs after the send's answer: an unsend (or a moderator's removal) that came first withdrew nothing, so the
  // items stored just now are withdrawn here.
  const [gone] = await queryRows<{ gone: boolean }>(ctx.db, sql`
    SELECT unsent_at IS NOT NULL OR removed_at IS NOT NULL AS gone FROM messages WHERE id = ${m.messageId}`);
  if (gone?.gone !== false) countsChanged(ctx, await withdrawNotifications(ctx.db, [m.messageId]));
}
