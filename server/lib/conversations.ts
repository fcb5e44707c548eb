// A conversation between two members, shared by the chat and the features that open one for their members (an accepted
// referral opens the conversation between the two therapists, with a first line the app writes).
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import { queryRows, type Db } from '../db/client.ts';
import type { SqlRow } from '../db/rows.ts';
import type { conversations, messages } from '../db/schema.ts';
import { isBlockedBy } from './blocks.ts';
import type { SystemLine } from '../../common/chat.ts';
import { sealMessage } from './crypto/fields.ts';
import { storedSystemLine } from './system-lines.ts';

/**
 * The pair's conversation, created if there is none; the unique pair key makes concurrent calls agree on one. It is in
 * `a`'s list at once and in `b`'s when it holds a message (each message shows it to both).
 */
export async function upsertConversation(db: Db, a: string, b: string): Promise<{ id: string; created: boolean }> {
  const pairKey = a < b ? `${a}:${b}` : `${b}:${a}`;
  // A conversation deleted between the insert and the read is simply created again on the next pass.
  for (let attempt = 0; attempt < 3; attempt++) {
    const result = await db.transaction(async (tx) => {
      const txDb = tx;
      const [inserted] = await queryRows<SqlRow<typeof conversations, 'id'>>(txDb, sql`
        INSERT INTO conversations (pair_key) VALUES (${pairKey}) ON CONFLICT (pair_key) DO NOTHING RETURNING id`);
      if (inserted) {
        // The other member's list shows it from its first message (docs/decisions/0170): an empty conversation is the
        // opener's draft, not news to them.
        await txDb.execute(sql`INSERT INTO conversation_participants (conversation_id, user_id, hidden)
          VALUES (${inserted.id}, ${a}, false), (${inserted.id}, ${b}, true) ON CONFLICT DO NOTHING`);
        return { id: String(inserted.id), created: true };
      }
      // Opening it again brings back a conversation the opener had deleted for themselves (its history stays cleared).
      const [existing] = await queryRows<SqlRow<typeof conversations, 'id'>>(txDb, sql`
        UPDATE conversation_participants p SET hidden = false FROM conversations c
        WHERE c.pair_key = ${pairKey} AND p.conversation_id = c.id AND p.user_id = ${a} RETURNING c.id`);
      return existing ? { id: String(existing.id), created: false } : undefined;
    });
    if (result) return result;
  }
  throw new Error('conversation kept disappearing while being opened');
}

/**
 * A line the app writes into a conversation (kind 'system'), in the name of the member whose action it reports; it
 * moves the conversation's last message forward and counts as unread for the other participant, like a message. It
 * is stored as a code and values, said in each reader's language (docs/decisions/0325).
 */
export function insertSystemLine(db: Db, conversationId: string, actorId: string, line: SystemLine): Promise<string> {
  return insertLine(db, conversationId, actorId, storedSystemLine(line), 'system');
}

/**
 * A member's own words carried into the conversation by another feature (the message a therapist wrote when accepting
 * a referral): an ordinary message from them, after the line that opened the conversation.
 */
export function insertCarriedMessage(db: Db, conversationId: string, senderId: string, text: string): Promise<string> {
  return insertLine(db, conversationId, senderId, text, 'text');
}

async function insertLine(db: Db, conversationId: string, actorId: string, text: string, kind: 'system' | 'text'): Promise<string> {
  const id = randomUUID();
  const [row] = await queryRows<SqlRow<typeof messages, 'id'>>(db, sql`
    WITH inserted AS (
      INSERT INTO messages (id, conversation_id, sender_id, text, kind, created_at)
      VALUES (${id}, ${conversationId}, ${actorId}, ${sealMessage(id, text)}, ${kind}, clock_timestamp())
      RETURNING id, conversation_id, sender_id, created_at
    ), touched AS (
      UPDATE conversations c SET
        last_message_id = CASE WHEN c.updated_at <= i.created_at THEN i.id ELSE c.last_message_id END,
        updated_at = GREATEST(c.updated_at, i.created_at)
      FROM inserted i WHERE c.id = i.conversation_id RETURNING c.id
    ), unread AS (
      UPDATE conversation_participants p SET unread_count = p.unread_count + 1, hidden = false
      FROM inserted i WHERE p.conversation_id = i.conversation_id AND p.user_id <> i.sender_id RETURNING p.user_id
    ), shown AS (
      -- The line is news to both: the conversation comes back to a list it had been deleted from.
      UPDATE conversation_participants p SET hidden = false
      FROM inserted i WHERE p.conversation_id = i.conversation_id AND p.user_id = i.sender_id AND p.hidden RETURNING p.user_id
    )
    SELECT id FROM inserted, (SELECT count(*) FROM touched) t, (SELECT count(*) FROM unread) u, (SELECT count(*) FROM shown) s`);
  return row.id;
}

/**
 * Two members who now share a conversation learn each other's online status at once: each hears presence only for the
 * people they chat with, so without this both showed Offline until a reload. Not where either has blocked the other:
 * presence stays hidden there. Called after the conversation's commit.
 */
export async function introducePresence(ctx: Pick<AppContext, 'db' | 'realtime'>, a: string, b: string): Promise<void> {
  if (await isBlockedBy(ctx.db, a, b) || await isBlockedBy(ctx.db, b, a)) return;
  const online = new Set(await ctx.realtime.presence.onlineAmong([a, b]));
  ctx.realtime.toUser(a).emit('presenceChanged', { userId: b, online: online.has(b) });
  ctx.realtime.toUser(b).emit('presenceChanged', { userId: a, online: online.has(a) });
}

/** Fan-out name: a conversation another feature wrote into, to put in its members' open lists on every node. */
export const CONVERSATION_SHOWN = 'chat:conversationShown';
export type ConversationShown = { conversationId: string };

/**
 * After a hand-off's commit (an accepted referral or board offer): the two therapists see each other's presence, and the
 * conversation it opened or wrote into arrives in their open chat lists without a reload. The chat feature draws each
 * member's entry (server/features/chat/realtime.ts).
 */
export async function announceHandOff(ctx: Pick<AppContext, 'db' | 'realtime'>, a: string, b: string): Promise<void> {
  await introducePresence(ctx, a, b);
  const pairKey = a < b ? `${a}:${b}` : `${b}:${a}`;
  const [row] = await queryRows<SqlRow<typeof conversations, 'id'>>(ctx.db, sql`SELECT id FROM conversations WHERE pair_key = ${pairKey}`);
  if (row) ctx.realtime.fanOut(CONVERSATION_SHOWN, { conversationId: row.id } satisfies ConversationShown);
}
