// The chat's SQL. Membership is part of each statement, so a check and the write it guards cannot drift apart.
import { randomUUID } from 'node:crypto';
import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { queryPrepared, queryShaped } from '../../db/prepared.ts';
import type { SqlRow, SqlValue } from '../../db/rows.ts';
import type { conversationParticipants, conversations, messages, users } from '../../db/schema.ts';
import { refusesMessagesSql } from '../../lib/blocks.ts';
import { sealMessage } from '../../lib/crypto/fields.ts';

// The JSON objects conversationSelect builds, in the keys it gives them.
type ParticipantRow = {
  _id: string; name: string; avatar: string | null; unread: number; isPinned: boolean;
  /** A group's receipt marks (migration 0310): the newest message this member's devices received and read. */
  deliveredThrough?: string | null; readThrough?: string | null;
};
/** MESSAGE_COLUMNS: a message and its sender's name. */
export type MessageRow = SqlRow<typeof messages, 'id' | 'conversation_id' | 'sender_id' | 'text' | 'status' | 'created_at' | 'kind'
  | 'edited_at' | 'unsent_at'>
  & { sender_name: SqlValue<typeof users, 'name'> };
type JsonMessage = {
  _id: string; senderId: string; senderName: string; text: string; status: string; createdAt: string; kind: string;
  editedAt: string | null; unsentAt: string | null;
};
/**
 * conversationSelect's row: the conversation's columns, and what PostgreSQL writes as JSON (its participants, last and
 * pinned messages), typed by hand after the json_build_object calls that write them.
 */
export type ConversationRow = SqlRow<typeof conversations, 'id' | 'updated_at' | 'is_group' | 'title' | 'creator_id' | 'members_can_add'> & {
  participants: ParticipantRow[] | null;
  last_message: JsonMessage | null;
  pinned_message: { _id: string; text: string; senderName: string } | null;
};

// Everything a conversation view needs, in one row; `where` narrows it (and may join the viewer's row as `me`).
// `clearedBefore`: the viewer cleared their copy up to then (deleted it for themselves): older messages are not shown.
const conversationSelect = (from: SQL, where: SQL, tail: SQL = sql``, clearedBefore: SQL = sql`NULL::timestamptz`) => sql`
  SELECT c.id, c.updated_at, c.is_group, c.title, c.creator_id, c.members_can_add,
    (SELECT json_agg(json_build_object('_id', u.id, 'name', u.name, 'avatar', u.avatar, 'unread', p.unread_count,
        'isPinned', p.is_pinned, 'deliveredThrough', p.delivered_through, 'readThrough', p.read_through) ORDER BY p.user_id)
       FROM conversation_participants p JOIN users u ON u.id = p.user_id WHERE p.conversation_id = c.id) AS participants,
    CASE WHEN lm.id IS NULL OR lm.created_at <= ${clearedBefore} THEN NULL ELSE json_build_object('_id', lm.id, 'senderId', lm.sender_id, 'senderName', lmu.name,
      'text', lm.text, 'status', lm.status, 'createdAt', lm.created_at, 'kind', lm.kind, 'editedAt', lm.edited_at,
      'unsentAt', lm.unsent_at) END AS last_message,
    CASE WHEN pm.id IS NULL OR pm.created_at <= ${clearedBefore} THEN NULL ELSE json_build_object('_id', pm.id, 'text', pm.text, 'senderName', pmu.name) END AS pinned_message
  FROM ${from}
  LEFT JOIN messages lm ON lm.id = c.last_message_id
  LEFT JOIN users lmu ON lmu.id = lm.sender_id
  LEFT JOIN messages pm ON pm.id = c.pinned_message_id
  LEFT JOIN users pmu ON pmu.id = pm.sender_id
  WHERE ${where} ${tail}`;

/**
 * The user's conversations, their own pins first, then the most recently updated; keyset pagination after `before`.
 * Not those the user deleted for themselves, until a new message arrives.
 */
export function listConversations(db: Db, userId: string, limit: number, before?: string) {
  const after = before
    ? sql`AND (me.is_pinned, c.updated_at, c.id) < (
        SELECT x.is_pinned, xc.updated_at, xc.id FROM conversation_participants x JOIN conversations xc ON xc.id = x.conversation_id
        WHERE x.user_id = ${userId} AND x.conversation_id = ${before})`
    : sql``;
  return queryPrepared<ConversationRow>(db, conversationSelect(
    sql`conversation_participants me JOIN conversations c ON c.id = me.conversation_id`,
    sql`me.user_id = ${userId} AND NOT me.hidden ${after}`,
    sql`ORDER BY me.is_pinned DESC, c.updated_at DESC, c.id DESC LIMIT ${limit}`,
    sql`me.cleared_at`,
  ));
}

/** The conversation; as `viewerId` sees it (without what they cleared) when given. */
export async function findConversation(db: Db, conversationId: string, viewerId?: string): Promise<ConversationRow | undefined> {
  const cleared = viewerId
    ? sql`(SELECT v.cleared_at FROM conversation_participants v WHERE v.conversation_id = c.id AND v.user_id = ${viewerId})`
    : undefined;
  const [row] = await queryPrepared<ConversationRow>(db, conversationSelect(sql`conversations c`, sql`c.id = ${conversationId}`, sql``, cleared));
  return row;
}

export async function isParticipant(db: Db, conversationId: string, userId: string): Promise<boolean> {
  const rows = await queryPrepared(db, sql`
    SELECT 1 FROM conversation_participants WHERE conversation_id = ${conversationId} AND user_id = ${userId}`);
  return rows.length > 0;
}

/** The other participants of a conversation with a block between them and the user, either way: typing skips them. */
export async function blockedPartnersIn(db: Db, conversationId: string, userId: string): Promise<string[]> {
  const rows = await queryPrepared<SqlRow<typeof conversationParticipants, 'user_id'>>(db, sql`
    SELECT p.user_id FROM conversation_participants p
    WHERE p.conversation_id = ${conversationId} AND p.user_id <> ${userId}
      AND EXISTS (SELECT 1 FROM blocks b WHERE (b.blocker_id = p.user_id AND b.blocked_id = ${userId})
        OR (b.blocker_id = ${userId} AND b.blocked_id = p.user_id))`);
  return rows.map((r) => r.user_id);
}

/** The other participants of one conversation. */
export async function partnersIn(db: Db, conversationId: string, userId: string): Promise<string[]> {
  const rows = await queryPrepared<SqlRow<typeof conversationParticipants, 'user_id'>>(db, sql`
    SELECT user_id FROM conversation_participants WHERE conversation_id = ${conversationId} AND user_id <> ${userId}`);
  return rows.map((r) => String(r.user_id));
}

/**
 * Everyone the user has a conversation with: the people who care about their presence. `told`: those who are told
 * about the user's presence (not the members the user blocked); `seen`: those whose presence the user sees (not the
 * members who blocked the user). A blocked member stops seeing the blocker's presence, both ways it could reach them.
 */
export async function partnersOf(db: Db, userId: string, direction: 'told' | 'seen' = 'told'): Promise<string[]> {
  const hidden = direction === 'told'
    ? sql`b.blocker_id = mine.user_id AND b.blocked_id = other.user_id`
    : sql`b.blocker_id = other.user_id AND b.blocked_id = mine.user_id`;
  const rows = await queryPrepared<{ id: SqlValue<typeof conversationParticipants, 'user_id'> }>(db, sql`
    SELECT DISTINCT other.user_id AS id FROM conversation_participants mine
    JOIN conversation_participants other ON other.conversation_id = mine.conversation_id AND other.user_id <> mine.user_id
    WHERE mine.user_id = ${userId} AND NOT EXISTS (SELECT 1 FROM blocks b WHERE ${hidden})`);
  return rows.map((r) => String(r.id));
}

/** A block between the two, either way (both SQL expressions of type uuid). */
export const eitherBlocked = (a: SQL, b: SQL) => sql`EXISTS (SELECT 1 FROM blocks eb
  WHERE (eb.blocker_id = ${a} AND eb.blocked_id = ${b}) OR (eb.blocker_id = ${b} AND eb.blocked_id = ${a}))`;

// A member who may write to another: licence verified (or an administrator) and not disabled, as the routes' `verified`.
export const VERIFIED_NOW = sql`((u.verification_status = 'verified' OR u.role = 'admin') AND NOT u.disabled)`;

/** Whether the user may write to members now (see VERIFIED_NOW), read fresh for socket events. */
export async function isVerifiedNow(db: Db, userId: string): Promise<boolean> {
  const [row] = await queryPrepared<{ verified: boolean }>(db, sql`SELECT ${VERIFIED_NOW} AS verified FROM users u WHERE u.id = ${userId}`);
  return Boolean(row?.verified);
}

/** `refused`: the recipient does not accept messages from the sender (a block or their "Who can message me"). */
export type Recipient = { id: string; verified: boolean; refused: boolean };
export async function findRecipient(db: Db, userId: string, senderId: string): Promise<Recipient | undefined> {
  const [row] = await queryPrepared<Recipient>(db, sql`
    SELECT u.id, ${VERIFIED_NOW} AS verified, ${refusesMessagesSql(sql`u.id`, sql`${senderId}::uuid`)} AS refused
    FROM users u WHERE u.id = ${userId}`);
  return row;
}

/** The message this sender already stored under this client id in this conversation (a retried send), if any. */
export async function findSentMessage(db: Db, conversationId: string, senderId: string, clientMessageId: string): Promise<MessageRow | undefined> {
  const [row] = await queryPrepared<MessageRow>(db, sql`
    SELECT ${MESSAGE_COLUMNS}
    FROM messages m JOIN users u ON u.id = m.sender_id
    WHERE m.sender_id = ${senderId} AND m.client_message_id = ${clientMessageId} AND m.conversation_id = ${conversationId}`);
  return row;
}

/** Why insertMessage stored nothing: the sender is not a participant, or another participant refuses their messages. */
export async function whyNotStored(db: Db, conversationId: string, senderId: string) {
  const [row] = await queryPrepared<{ member: boolean; verified: boolean; refused: boolean }>(db, sql`
    SELECT EXISTS (SELECT 1 FROM conversation_participants WHERE conversation_id = ${conversationId} AND user_id = ${senderId}) AS member,
      coalesce((SELECT ${VERIFIED_NOW} FROM users u WHERE u.id = ${senderId}), false) AS verified,
      NOT coalesce((SELECT c.is_group FROM conversations c WHERE c.id = ${conversationId}), false)
        AND ${othersRefuse(sql`${conversationId}::uuid`, senderId)} AS refused`);
  return row;
}

// Another participant of the conversation does not accept the sender's messages.
export const othersRefuse = (conversationId: SQL, senderId: string | Placeholder) => sql`EXISTS (
  SELECT 1 FROM conversation_participants o WHERE o.conversation_id = ${conversationId} AND o.user_id <> ${senderId}
    AND ${refusesMessagesSql(sql`o.user_id`, sql`${senderId}::uuid`)})`;

// Opening a pair's conversation is shared with referrals (an accepted referral opens one): server/lib/conversations.ts.
export { upsertConversation } from '../../lib/conversations.ts';

/**
 * Removes the conversation from the user's list and clears their copy of its history, if they take part; the other
 * participant keeps theirs. Returns whether the user took part.
 */
export async function removeConversationForUser(db: Db, conversationId: string, userId: string): Promise<boolean> {
  const rows = await queryPrepared(db, sql`
    UPDATE conversation_participants SET hidden = true, cleared_at = clock_timestamp(), unread_count = 0, is_pinned = false
    WHERE conversation_id = ${conversationId} AND user_id = ${userId} RETURNING user_id`);
  return rows.length > 0;
}

export const MESSAGE_COLUMNS = sql`m.id, m.conversation_id, m.sender_id, u.name AS sender_name, m.text, m.status, m.created_at, m.kind,
  m.edited_at, m.unsent_at`;

/** The cursor of a page of messages: those older than `before`, a message of this conversation (none: from the newest). */
export const olderThan = (conversationId: string, before?: string) => (before
  ? sql`AND (m.created_at, m.id) < (SELECT b.created_at, b.id FROM messages b WHERE b.id = ${before} AND b.conversation_id = ${conversationId})`
  : sql``);

/** One page, newest first, of messages older than `before` (a message of this conversation), after what the reader cleared. */
export function messagesPage(db: Db, conversationId: string, readerId: string, limit: number, before?: string) {
  const older = olderThan(conversationId, before);
  return queryPrepared<MessageRow>(db, sql`
    SELECT ${MESSAGE_COLUMNS}
    FROM messages m JOIN users u ON u.id = m.sender_id
    WHERE m.conversation_id = ${conversationId} ${older}
      AND m.created_at > coalesce((SELECT r.cleared_at FROM conversation_participants r
        WHERE r.conversation_id = ${conversationId} AND r.user_id = ${readerId}), '-infinity')
    ORDER BY m.created_at DESC, m.id DESC LIMIT ${limit}`);
}

export type StoredMessage = MessageRow & {
  recipients: string[] | null;
  /** Recipients for whom this conversation just became unread: only their badge (conversations unread) changed. */
  newlyUnread: string[] | null;
  /** The conversation after the write, as findConversation would read it; null when a newer message won a race. */
  conversation: ConversationRow | null;
  /** In a group: the recipients with a block between them and the sender, who see a placeholder instead. */
  maskedFor: string[];
};

export type SendLimit = { count: number; windowMs: number };
const NO_LIMIT: SendLimit = { count: 2 ** 31 - 1, windowMs: 10_000 };

/**
 * Stores a message if the sender takes part, is verified now (read here, in the statement that runs anyway: the
 * socket's user is a snapshot from its handshake) and is within the send limit, moves the conversation's last message and
 * time forward (never back, when two messages race) and counts it unread for everyone else. Every attempt by a
 * participant counts towards the limit (a fixed window per user; the row lock orders concurrent sends). Nothing is
 * stored for a non-participant, a sender whose licence is not verified now, over the limit, or when the recipient refuses
 * the sender's messages (a block or their "Who can message me"), all checked in this statement with no round trip of
 * its own; whyNotStored tells which.
 * The conversation's new state comes back in the same statement, so the list update costs no second query.
 */
export async function insertMessage(
  db: Db, conversationId: string, senderId: string, text: string, limit: SendLimit = NO_LIMIT, clientMessageId: string | null = null,
): Promise<StoredMessage | undefined> {
  // The id is chosen here: the ciphertext is bound to it (server/lib/crypto/fields.ts).
  const id = randomUUID();
  const [row] = await queryShaped<InsertedRow>(db, 'chat.insertMessage', insertMessageStatement, {
    id, conversationId, senderId, text: sealMessage(id, text), clientMessageId, windowMs: limit.windowMs, limitCount: limit.count,
  });
  return row ? storedMessage(row) : undefined;
}

type InsertedRow = MessageRow & { recipients: string[] | null; newly_unread: string[] | null; participants: ParticipantRow[];
  is_last: boolean; pinned_message: ConversationRow['pinned_message']; masked_for: string[] | null }
  & Pick<ConversationRow, 'updated_at' | 'is_group' | 'title' | 'creator_id' | 'members_can_add'>;

// The statement runs for every message: built once, with placeholders that each call fills in (queryShaped), instead
// of building, flattening and hashing its 3 kB of text per message (decision 0102).
const [CONVERSATION, SENDER, TEXT, CLIENT_ID, WINDOW_MS, LIMIT_COUNT, MESSAGE_ID] = (['conversationId', 'senderId', 'text', 'clientMessageId',
  'windowMs', 'limitCount', 'id'] as const).map((name) => sql.placeholder(name));

function insertMessageStatement(): SQL {
  const [conversationId, senderId, text, clientMessageId] = [CONVERSATION, SENDER, TEXT, CLIENT_ID];
  const limit = { windowMs: WINDOW_MS, count: LIMIT_COUNT };
  return sql`
    WITH member AS (
      SELECT p.conversation_id, c.is_group FROM conversation_participants p JOIN users u ON u.id = p.user_id
        JOIN conversations c ON c.id = p.conversation_id
      WHERE p.conversation_id = ${conversationId} AND p.user_id = ${senderId} AND ${VERIFIED_NOW}
    ), counted AS (
      INSERT INTO chat_send_counts AS s (user_id, window_start, count)
      SELECT ${senderId}, clock_timestamp(), 1 FROM member
      ON CONFLICT (user_id) DO UPDATE SET
        window_start = CASE WHEN s.window_start <= clock_timestamp() - ${limit.windowMs} * interval '1 millisecond'
          THEN clock_timestamp() ELSE s.window_start END,
        count = CASE WHEN s.window_start <= clock_timestamp() - ${limit.windowMs} * interval '1 millisecond'
          THEN 1 ELSE s.count + 1 END
      RETURNING count
    ), inserted AS (
      INSERT INTO messages (id, conversation_id, sender_id, text, created_at, client_message_id)
      SELECT ${MESSAGE_ID}::uuid, conversation_id, ${senderId}, ${text}, clock_timestamp(), ${clientMessageId}::text FROM member, counted
        -- A group that holds a block keeps working (its members see a placeholder instead, docs/decisions/0230).
        WHERE counted.count <= ${limit.count} AND (member.is_group OR NOT ${othersRefuse(sql`member.conversation_id`, senderId)})
      ON CONFLICT (sender_id, client_message_id) WHERE client_message_id IS NOT NULL DO NOTHING
      RETURNING id, conversation_id, sender_id, text, status, created_at, kind, edited_at, unsent_at
    ), touched AS (
      UPDATE conversations c SET
        last_message_id = CASE WHEN c.updated_at <= i.created_at THEN i.id ELSE c.last_message_id END,
        updated_at = GREATEST(c.updated_at, i.created_at)
      FROM inserted i WHERE c.id = i.conversation_id
      RETURNING c.id, c.updated_at, c.last_message_id = i.id AS is_last, c.pinned_message_id, c.is_group, c.title, c.creator_id,
        c.members_can_add
    ), unread AS (
      UPDATE conversation_participants p SET unread_count = p.unread_count + 1, hidden = false
      FROM inserted i WHERE p.conversation_id = i.conversation_id AND p.user_id <> i.sender_id
      RETURNING p.user_id, p.unread_count, p.is_pinned, p.delivered_through, p.read_through
    ), shown AS (
      -- The sender's list holds it too (a conversation the other member opened is hidden from them until a message).
      UPDATE conversation_participants p SET hidden = false
      FROM inserted i WHERE p.conversation_id = i.conversation_id AND p.user_id = i.sender_id AND p.hidden RETURNING p.user_id
    ), parts AS (
      SELECT user_id, unread_count, is_pinned, delivered_through, read_through FROM unread
      UNION ALL
      SELECT p.user_id, p.unread_count, p.is_pinned, p.delivered_through, p.read_through FROM conversation_participants p JOIN inserted i
        ON p.conversation_id = i.conversation_id AND p.user_id = i.sender_id
    )
    SELECT i.*, u.name AS sender_name, t.updated_at, t.is_last, t.is_group, t.title, t.creator_id, t.members_can_add,
      (SELECT json_agg(user_id) FROM unread) AS recipients,
      (SELECT json_agg(user_id) FROM unread WHERE unread_count = 1) AS newly_unread,
      (SELECT json_agg(json_build_object('_id', x.user_id, 'name', xu.name, 'avatar', xu.avatar, 'unread', x.unread_count,
          'isPinned', x.is_pinned, 'deliveredThrough', x.delivered_through, 'readThrough', x.read_through) ORDER BY x.user_id)
         FROM parts x JOIN users xu ON xu.id = x.user_id) AS participants,
      -- In a group, the recipients with a block between them and the sender, either way: they get a placeholder.
      CASE WHEN t.is_group THEN (SELECT json_agg(x.user_id) FROM unread x WHERE ${eitherBlocked(sql`x.user_id`, sql`i.sender_id`)}) END
        AS masked_for,
      (SELECT json_build_object('_id', pm.id, 'text', pm.text, 'senderName', pmu.name)
         FROM messages pm JOIN users pmu ON pmu.id = pm.sender_id WHERE pm.id = t.pinned_message_id) AS pinned_message
    FROM inserted i JOIN users u ON u.id = i.sender_id JOIN touched t ON t.id = i.conversation_id`;
}

/** The stored message, its recipients and the conversation's new state, from the statement's one row. */
function storedMessage(row: InsertedRow): StoredMessage {
  const message: MessageRow = {
    id: row.id, conversation_id: row.conversation_id, sender_id: row.sender_id, sender_name: row.sender_name,
    text: row.text, status: row.status, created_at: row.created_at, kind: row.kind, edited_at: null, unsent_at: null,
  };
  const conversation: ConversationRow | null = row.is_last
    ? {
      id: row.conversation_id, updated_at: row.updated_at, participants: row.participants, pinned_message: row.pinned_message,
      is_group: row.is_group, title: row.title, creator_id: row.creator_id, members_can_add: row.members_can_add,
      last_message: {
        _id: row.id, senderId: row.sender_id, senderName: row.sender_name, text: row.text, status: row.status, kind: row.kind,
        createdAt: new Date(row.created_at).toISOString(), editedAt: null, unsentAt: null,
      },
    }
    : null;
  return { ...message, recipients: row.recipients, newlyUnread: row.newly_unread, conversation, maskedFor: row.masked_for ?? [] };
}

// The receipts (delivered, read) are written in batches: ./receipt-queries.ts.

/** Pins the message, or unpins it when it is the pinned one; undefined when it is not a message of this conversation. */
export async function togglePin(db: Db, conversationId: string, messageId: string) {
  const [row] = await queryPrepared<{ pinned: SqlValue<typeof conversations, 'pinned_message_id'> }>(db, sql`
    UPDATE conversations c
    SET pinned_message_id = CASE WHEN c.pinned_message_id = ${messageId} THEN NULL ELSE ${messageId}::uuid END
    WHERE c.id = ${conversationId}
      AND EXISTS (SELECT 1 FROM messages m WHERE m.id = ${messageId} AND m.conversation_id = ${conversationId})
    RETURNING c.pinned_message_id AS pinned`);
  return row;
}

/** The user's own pin of the conversation to the top of their list; toggled when `isPinned` is not given. */
export async function pinConversation(db: Db, conversationId: string, userId: string, isPinned?: boolean) {
  const value = isPinned === undefined ? sql`NOT is_pinned` : sql`${isPinned}`;
  const [row] = await queryPrepared<SqlRow<typeof conversationParticipants, 'is_pinned'>>(db, sql`
    UPDATE conversation_participants SET is_pinned = ${value}
    WHERE conversation_id = ${conversationId} AND user_id = ${userId} RETURNING is_pinned`);
  return row;
}
