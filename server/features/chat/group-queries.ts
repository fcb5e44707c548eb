// The SQL of group conversations' rules: who may change a group, and whether a member may be added. The writes
// themselves are shared with other features (server/lib/group-conversations.ts).
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { queryPrepared } from '../../db/prepared.ts';
import type { SqlRow, SqlValue } from '../../db/rows.ts';
import type { blocks, conversationParticipants, conversations, users } from '../../db/schema.ts';
import { refusesMessagesSql } from '../../lib/blocks.ts';
import { eitherBlocked, VERIFIED_NOW } from './queries.ts';

/** The conversation as the actor's changes need it; `member` false (or no row) for anyone outside it. */
export type GroupState = SqlRow<typeof conversations, 'is_group' | 'creator_id' | 'members_can_add'>
  & { member: boolean; members: number /* EXISTS and count(*) */ };

/** Read in the change's transaction, the conversation's row locked: concurrent additions count one after the other. */
export async function groupState(db: Db, conversationId: string, actorId: string): Promise<GroupState | undefined> {
  const [row] = await queryPrepared<GroupState>(db, sql`
    SELECT c.is_group, c.creator_id, c.members_can_add,
      EXISTS (SELECT 1 FROM conversation_participants p WHERE p.conversation_id = c.id AND p.user_id = ${actorId}) AS member,
      (SELECT count(*)::int FROM conversation_participants p WHERE p.conversation_id = c.id) AS members
    FROM conversations c WHERE c.id = ${conversationId} FOR UPDATE`);
  return row;
}

/** A member one may add (or start a group with): verified now, no block either way, and accepting one's messages. */
export type Candidate = SqlRow<typeof users, 'id'> & { verified: boolean; blocked: boolean; refused: boolean; member: boolean /* computed */ };

export function candidates(db: Db, actorId: string, userIds: string[], conversationId: string | null = null) {
  return queryPrepared<Candidate>(db, sql`
    SELECT u.id, ${VERIFIED_NOW} AS verified, ${eitherBlocked(sql`u.id`, sql`${actorId}::uuid`)} AS blocked,
      ${refusesMessagesSql(sql`u.id`, sql`${actorId}::uuid`)} AS refused,
      EXISTS (SELECT 1 FROM conversation_participants p WHERE p.conversation_id = ${conversationId}::uuid AND p.user_id = u.id) AS member
    FROM users u WHERE u.id = ANY(${`{${userIds.join(',')}}`}::uuid[])`);
}

/** Pairs of the conversation's members with a block between them (either way): their presence stays hidden. */
export async function blockedPairs(db: Db, conversationId: string): Promise<[string, string][]> {
  const rows = await queryPrepared<{ a: SqlValue<typeof conversationParticipants, 'user_id'>; b: SqlValue<typeof conversationParticipants, 'user_id'> }>(db, sql`
    SELECT a.user_id AS a, b.user_id AS b FROM conversation_participants a
    JOIN conversation_participants b ON b.conversation_id = a.conversation_id AND a.user_id < b.user_id
    WHERE a.conversation_id = ${conversationId} AND ${eitherBlocked(sql`a.user_id`, sql`b.user_id`)}`);
  return rows.map((r) => [String(r.a), String(r.b)]);
}

/** The ids of everyone with a block between them and the user, either way (a group shows their words as a placeholder). */
export async function blockedEitherWay(db: Db, userId: string): Promise<Set<string>> {
  const rows = await queryPrepared<{ id: SqlValue<typeof blocks, 'blocked_id'> | SqlValue<typeof blocks, 'blocker_id'> }>(db, sql`
    SELECT blocked_id AS id FROM blocks WHERE blocker_id = ${userId}
    UNION SELECT blocker_id FROM blocks WHERE blocked_id = ${userId}`);
  return new Set(rows.map((r) => String(r.id)));
}

/** Whether the conversation is a group, for a participant; undefined for anyone else. */
export async function membership(db: Db, conversationId: string, userId: string): Promise<{ is_group: boolean } | undefined> {
  const [row] = await queryPrepared<SqlRow<typeof conversations, 'is_group'>>(db, sql`
    SELECT c.is_group FROM conversation_participants p JOIN conversations c ON c.id = p.conversation_id
    WHERE p.conversation_id = ${conversationId} AND p.user_id = ${userId}`);
  return row;
}

/** The conversation's members' ids. */
export async function groupMembers(db: Db, conversationId: string): Promise<string[]> {
  const rows = await queryPrepared<SqlRow<typeof conversationParticipants, 'user_id'>>(db, sql`
    SELECT user_id FROM conversation_participants WHERE conversation_id = ${conversationId}`);
  return rows.map((r) => String(r.user_id));
}

/** The conversation's newest line (a new group's first system line). */
export async function lastLineId(db: Db, conversationId: string): Promise<string | null> {
  const [row] = await queryPrepared<{ id: SqlValue<typeof conversations, 'last_message_id'> }>(db, sql`SELECT last_message_id AS id FROM conversations WHERE id = ${conversationId}`);
  return row?.id ?? null;
}

/** Each member's joining and receipt marks: a group's receipts are counted from these (group-view.ts). */
export type MemberMarks = SqlRow<typeof conversationParticipants, 'user_id' | 'joined_at' | 'delivered_through' | 'read_through'>;
export function memberMarks(db: Db, conversationId: string) {
  return queryPrepared<MemberMarks>(db, sql`
    SELECT user_id, joined_at, delivered_through, read_through FROM conversation_participants WHERE conversation_id = ${conversationId}`);
}
