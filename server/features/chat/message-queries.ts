// The SQL of editing, unsending and searching messages. Each write repeats every rule in its own
// statement (sender, kind, window, membership, send rules), so a check and the write it guards cannot drift apart;
// whyNotChanged reads, on the refusal path only, which rule refused.
import { sql, type SQL } from 'drizzle-orm';
import { EDIT_WINDOW_MS } from '../../../common/chat.ts';
import { MESSAGE_REMOVED } from '../../../common/moderation.ts';
import type { Db } from '../../db/client.ts';
import { queryPrepared } from '../../db/prepared.ts';
import type { SqlRow } from '../../db/rows.ts';
import type { conversationParticipants, messages, users } from '../../db/schema.ts';
import { blockedBySql, refusesMessagesSql } from '../../lib/blocks.ts';
import { sealMessage } from '../../lib/crypto/fields.ts';
import { MESSAGE_COLUMNS, olderThan, othersRefuse, VERIFIED_NOW, type MessageRow } from './queries.ts';

export type ChangedMessage = MessageRow & { is_last: boolean };
export type UnsentMessage = ChangedMessage & { unread_changed: string[] | null; unpinned: boolean };

type Target = { conversationId: string; messageId: string; userId: string };

// Still within the window, written by a person, and neither unsent nor removed by a moderator.
const CHANGEABLE = sql`m.kind = 'text' AND m.unsent_at IS NULL AND m.removed_at IS NULL
  AND m.created_at > clock_timestamp() - ${EDIT_WINDOW_MS} * interval '1 millisecond'`;

// The sender still sees it: not older than what they cleared by deleting the conversation for themselves.
const visibleTo = (userId: string) => sql`m.created_at > coalesce((SELECT r.cleared_at FROM conversation_participants r
  WHERE r.conversation_id = m.conversation_id AND r.user_id = ${userId}), '-infinity')`;

/** The sender's own message of this conversation that may change now (row-locked against a concurrent change). */
const target = ({ conversationId, messageId, userId }: Target, extra: SQL = sql``) => sql`
  SELECT m.id, m.status, m.created_at FROM messages m
  WHERE m.id = ${messageId} AND m.conversation_id = ${conversationId} AND m.sender_id = ${userId}
    AND EXISTS (SELECT 1 FROM conversation_participants p WHERE p.conversation_id = m.conversation_id AND p.user_id = ${userId})
    AND ${CHANGEABLE} AND ${visibleTo(userId)} ${extra}
  FOR UPDATE OF m`;

const IS_LAST = sql`(SELECT c.last_message_id = m.id FROM conversations c WHERE c.id = m.conversation_id) AS is_last`;

/** New text, if the sender may still change it and may write to the other participant now (the send rules). */
export async function editMessage(db: Db, t: Target, text: string): Promise<ChangedMessage | undefined> {
  const sendRules = sql`AND (SELECT ${VERIFIED_NOW} FROM users u WHERE u.id = ${t.userId})
    AND ((SELECT c.is_group FROM conversations c WHERE c.id = m.conversation_id) OR NOT ${othersRefuse(sql`m.conversation_id`, t.userId)})`;
  const [row] = await queryPrepared<ChangedMessage>(db, sql`
    WITH t AS (${target(t, sendRules)})
    UPDATE messages m SET text = ${sealMessage(t.messageId, text)}, edited_at = clock_timestamp()
    FROM t, users u WHERE m.id = t.id AND u.id = m.sender_id
    RETURNING ${MESSAGE_COLUMNS}, ${IS_LAST}`);
  return row;
}

/**
 * Unsends: the text is replaced by the tombstone in the same write (the original is gone from the database), the
 * message stops counting as unread for a recipient who had not read it, and it stops being the pinned message.
 */
export async function unsendMessage(db: Db, t: Target): Promise<UnsentMessage | undefined> {
  const [row] = await queryPrepared<UnsentMessage>(db, sql`
    WITH t AS (${target(t)}), unread AS (
      UPDATE conversation_participants p SET unread_count = p.unread_count - 1
      FROM t WHERE p.conversation_id = ${t.conversationId} AND p.user_id <> ${t.userId} AND t.status <> 'read'
        AND p.unread_count > 0 AND (p.cleared_at IS NULL OR p.cleared_at < t.created_at)
      RETURNING p.user_id
    ), unpinned AS (
      UPDATE conversations c SET pinned_message_id = NULL FROM t WHERE c.id = ${t.conversationId} AND c.pinned_message_id = t.id
      RETURNING c.id
    )
    UPDATE messages m SET text = ${MESSAGE_REMOVED}, unsent_at = clock_timestamp()
    FROM t, users u WHERE m.id = t.id AND u.id = m.sender_id
    RETURNING ${MESSAGE_COLUMNS}, ${IS_LAST},
      (SELECT json_agg(user_id) FROM unread) AS unread_changed, EXISTS (SELECT 1 FROM unpinned) AS unpinned`);
  return row;
}

export type WhyNot = {
  member: boolean; found: boolean; sender_id: string | null; kind: string | null; gone: boolean; recent: boolean;
  verified: boolean; refused: boolean;
};

/** Why an edit or unsend changed nothing: read only on that path. */
export async function whyNotChanged(db: Db, { conversationId, messageId, userId }: Target): Promise<WhyNot> {
  const [row] = await queryPrepared<WhyNot>(db, sql`
    SELECT EXISTS (SELECT 1 FROM conversation_participants WHERE conversation_id = ${conversationId} AND user_id = ${userId}) AS member,
      m.id IS NOT NULL AS found, m.sender_id, m.kind,
      coalesce(m.unsent_at IS NOT NULL OR m.removed_at IS NOT NULL, false) AS gone,
      coalesce(m.created_at > clock_timestamp() - ${EDIT_WINDOW_MS} * interval '1 millisecond', false) AS recent,
      coalesce((SELECT ${VERIFIED_NOW} FROM users u WHERE u.id = ${userId}), false) AS verified,
      NOT coalesce((SELECT c.is_group FROM conversations c WHERE c.id = ${conversationId}), false)
        AND ${othersRefuse(sql`${conversationId}::uuid`, userId)} AS refused
    FROM (SELECT 1) one
    LEFT JOIN messages m ON m.id = ${messageId} AND m.conversation_id = ${conversationId} AND ${visibleTo(userId)}`);
  return row;
}

/** LIKE's own characters in a search text match themselves. */
const likeEscape = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * What a search may match, newest first, after `before` (a message of this conversation): what the reader still sees
 * and what still stands. The text is ciphertext, so the service decrypts and scans these pages (message-changes.ts);
 * the conversation's (created_at, id) index serves the order.
 */
export function searchablePage(db: Db, conversationId: string, readerId: string, limit: number, before?: string) {
  const older = olderThan(conversationId, before);
  return queryPrepared<SqlRow<typeof messages, 'id' | 'text'>>(db, sql`
    SELECT m.id, m.text FROM messages m
    WHERE m.conversation_id = ${conversationId} AND m.unsent_at IS NULL AND m.removed_at IS NULL AND m.kind = 'text'
      AND ${visibleTo(readerId)} ${older}
    ORDER BY m.created_at DESC, m.id DESC LIMIT ${limit}`);
}

/** The messages a search matched, as a page shows them, newest first. */
export function messagesById(db: Db, conversationId: string, ids: string[]) {
  return queryPrepared<MessageRow>(db, sql`
    SELECT ${MESSAGE_COLUMNS}
    FROM messages m JOIN users u ON u.id = m.sender_id
    WHERE m.conversation_id = ${conversationId} AND m.id = ANY(${`{${ids.join(',')}}`}::uuid[])
    ORDER BY m.created_at DESC, m.id DESC`);
}

/** Participants who have the conversation in their list (not deleted for themselves). */
export async function listingParticipants(db: Db, conversationId: string): Promise<string[]> {
  const rows = await queryPrepared<SqlRow<typeof conversationParticipants, 'user_id'>>(db, sql`
    SELECT user_id FROM conversation_participants WHERE conversation_id = ${conversationId} AND NOT hidden`);
  return rows.map((r) => String(r.user_id));
}

/** Everyone in the conversation: both sides hear of a change, whatever their list shows. */
export async function allParticipants(db: Db, conversationId: string): Promise<string[]> {
  const rows = await queryPrepared<SqlRow<typeof conversationParticipants, 'user_id'>>(db, sql`
    SELECT user_id FROM conversation_participants WHERE conversation_id = ${conversationId}`);
  return rows.map((r) => String(r.user_id));
}

/**
 * The "New message" picker's candidates: verified members whose name, or a word of it, starts with `prefix` (the
 * trigram index on lower(name) serves both LIKEs); `refused` as the send rules would read it.
 */
export function recipientCandidates(db: Db, viewerId: string, prefix: string, limit: number) {
  const like = `${likeEscape(prefix.toLowerCase())}%`;
  return queryPrepared<SqlRow<typeof users, 'id' | 'name' | 'avatar'> & { refused: boolean /* computed */ }>(db, sql`
    SELECT u.id, u.name, u.avatar, ${refusesMessagesSql(sql`u.id`, sql`${viewerId}::uuid`)} AS refused FROM users u
    WHERE u.verification_status = 'verified' AND NOT u.disabled AND u.id <> ${viewerId}
      AND (lower(u.name) LIKE ${like} OR lower(u.name) LIKE ${`% ${like}`})
      AND NOT ${blockedBySql(sql`${viewerId}::uuid`, sql`u.id`)}
      AND (u.listed_in_directory OR EXISTS (SELECT 1 FROM conversation_participants mine
        JOIN conversation_participants theirs ON theirs.conversation_id = mine.conversation_id AND theirs.user_id = u.id
        WHERE mine.user_id = ${viewerId}))
    ORDER BY lower(u.name), u.id LIMIT ${limit}`);
}
