// Group conversations' membership (docs/decisions/0230-group-conversations.md), shared by the chat's own routes and the
// features that keep a group conversation for their members (consultation groups), since features may not import one
// another. These write only, inside the caller's transaction if it has one, and check no rule: each caller checks its
// own (the chat: who started it, blocks, "Who can message me"; consultation groups: invitations accepted). After the
// commit the caller calls announceConversationChange, which tells every member's devices on every node.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { SystemLine, SystemLineCode } from '../../common/chat.ts';
import type { AppContext } from '../context.ts';
import { queryRows, type Db } from '../db/client.ts';
import type { SqlRow } from '../db/rows.ts';
import type { conversationParticipants, conversations, users } from '../db/schema.ts';
import { insertSystemLine } from './conversations.ts';
import { chatUnreadChanged } from './notify.ts';
import { conversationRoom, userRoom } from './realtime.ts';

/** A group conversation holds at most this many members, its creator included. */
export const GROUP_MAX_MEMBERS = 12;

/** What a membership change wrote: whether anything changed, and the system line that reports it. */
export type MemberChange = { changed: boolean; lineId: string | null };

const nameOf = async (db: Db, userId: string) => {
  const [row] = await queryRows<SqlRow<typeof users, 'name'>>(db, sql`SELECT name FROM users WHERE id = ${userId}`);
  return row?.name ?? 'A member';
};

/** A system line naming members by id (`people`), with their names as they are now (docs/decisions/0325). */
async function lineOf(db: Db, code: SystemLineCode, people: Record<string, string>, values: Record<string, string> = {}): Promise<SystemLine> {
  const names: Record<string, string> = {};
  for (const [key, userId] of Object.entries(people)) names[key] = await nameOf(db, userId);
  return { code, values: { ...names, ...values }, people };
}

/**
 * A new group conversation of `creatorId` and `participantIds` (the creator need not be among them), in every
 * member's list at once, with a first system line. Returns its id. `title` null: the members' names stand for it.
 */
export async function createGroupConversation(
  db: Db, { creatorId, participantIds, title = null, membersCanAdd = false }:
  { creatorId: string; participantIds: string[]; title?: string | null; membersCanAdd?: boolean },
): Promise<string> {
  const id = randomUUID();
  const members = [...new Set([creatorId, ...participantIds])];
  await db.execute(sql`INSERT INTO conversations (id, pair_key, is_group, title, creator_id, members_can_add)
    VALUES (${id}, ${`group:${id}`}, true, ${title}, ${creatorId}, ${membersCanAdd})`);
  await db.execute(sql`INSERT INTO conversation_participants (conversation_id, user_id, hidden, joined_at)
    SELECT ${id}, m, false, clock_timestamp() FROM unnest(${`{${members.join(',')}}`}::uuid[]) AS m`);
  await insertSystemLine(db, id, creatorId, await lineOf(db, 'started', { actor: creatorId }));
  return id;
}

/**
 * Adds `userId` to the group conversation (by `actorId`; the same id: they joined by themselves). A new member reads
 * from their joining on, not the history before it (their copy starts cleared then). No change if already a member.
 */
export async function addConversationMember(
  db: Db, { conversationId, actorId, userId }: { conversationId: string; actorId: string; userId: string },
): Promise<MemberChange> {
  const added = await queryRows<SqlRow<typeof conversationParticipants, 'user_id'>>(db, sql`
    INSERT INTO conversation_participants (conversation_id, user_id, hidden, joined_at, cleared_at)
    SELECT c.id, ${userId}, false, clock_timestamp(), clock_timestamp() FROM conversations c
    WHERE c.id = ${conversationId} AND c.is_group
    ON CONFLICT DO NOTHING RETURNING user_id`);
  if (!added.length) return { changed: false, lineId: null };
  const line = actorId === userId
    ? await lineOf(db, 'joined', { actor: userId })
    : await lineOf(db, 'added', { actor: actorId, member: userId });
  return { changed: true, lineId: await insertSystemLine(db, conversationId, actorId, line) };
}

/**
 * Takes `userId` out of the group conversation (by `actorId`; the same id: they left). Their copy goes with them.
 * When the creator leaves, the longest-standing member takes the role; when the last member leaves, the conversation
 * is deleted.
 */
export async function removeConversationMember(
  db: Db, { conversationId, actorId, userId }: { conversationId: string; actorId: string; userId: string },
): Promise<MemberChange> {
  const removed = await queryRows<SqlRow<typeof conversationParticipants, 'user_id'>>(db, sql`
    DELETE FROM conversation_participants p USING conversations c
    WHERE p.conversation_id = ${conversationId} AND p.user_id = ${userId} AND c.id = p.conversation_id AND c.is_group
    RETURNING p.user_id`);
  if (!removed.length) return { changed: false, lineId: null };
  const [left] = await queryRows<{ members: number }>(db, sql`
    SELECT count(*)::int AS members FROM conversation_participants WHERE conversation_id = ${conversationId}`);
  if (left.members === 0) {
    await db.execute(sql`DELETE FROM conversations WHERE id = ${conversationId}`);
    return { changed: true, lineId: null };
  }
  await db.execute(sql`
    UPDATE conversations c SET creator_id = (SELECT p.user_id FROM conversation_participants p WHERE p.conversation_id = c.id
      ORDER BY p.joined_at, p.user_id LIMIT 1)
    WHERE c.id = ${conversationId} AND c.creator_id = ${userId}`);
  const line = actorId === userId
    ? await lineOf(db, 'left', { actor: userId })
    : await lineOf(db, 'removed', { actor: actorId, member: userId });
  return { changed: true, lineId: await insertSystemLine(db, conversationId, actorId, line) };
}

/** Renames the group conversation (null: the members' names stand for it again), with its system line. */
export async function renameGroupConversation(
  db: Db, { conversationId, actorId, title }: { conversationId: string; actorId: string; title: string | null },
): Promise<MemberChange> {
  const renamed = await queryRows<SqlRow<typeof conversations, 'id'>>(db, sql`
    UPDATE conversations SET title = ${title} WHERE id = ${conversationId} AND is_group AND title IS DISTINCT FROM ${title}
    RETURNING id`);
  if (!renamed.length) return { changed: false, lineId: null };
  const line = title
    ? await lineOf(db, 'renamed', { actor: actorId }, { title })
    : await lineOf(db, 'unnamed', { actor: actorId });
  return { changed: true, lineId: await insertSystemLine(db, conversationId, actorId, line) };
}

/**
 * Gives the role of the conversation's creator (who removes members, decides who may add) to `userId`, a member: a
 * consultation group's facilitator handed the group over, and the new facilitator manages its conversation too.
 */
export async function handOverGroupConversation(
  db: Db, { conversationId, actorId, userId }: { conversationId: string; actorId: string; userId: string },
): Promise<MemberChange> {
  const moved = await queryRows<SqlRow<typeof conversations, 'id'>>(db, sql`
    UPDATE conversations c SET creator_id = ${userId}
    WHERE c.id = ${conversationId} AND c.is_group AND c.creator_id IS DISTINCT FROM ${userId}
      AND EXISTS (SELECT 1 FROM conversation_participants p WHERE p.conversation_id = c.id AND p.user_id = ${userId})
    RETURNING c.id`);
  if (!moved.length) return { changed: false, lineId: null };
  const line = await lineOf(db, 'handedOver', { actor: actorId, member: userId });
  return { changed: true, lineId: await insertSystemLine(db, conversationId, actorId, line) };
}

/**
 * Ends a group conversation whose reason to be is gone (its consultation group was deleted): it is deleted with its
 * messages, as when its last member leaves. Answers who was in it, to tell their devices after the commit.
 */
export async function endGroupConversation(db: Db, conversationId: string): Promise<string[]> {
  const members = await queryRows<SqlRow<typeof conversationParticipants, 'user_id'>>(db, sql`
    SELECT p.user_id FROM conversation_participants p JOIN conversations c ON c.id = p.conversation_id
    WHERE c.id = ${conversationId} AND c.is_group`);
  await db.execute(sql`DELETE FROM conversations WHERE id = ${conversationId} AND is_group`);
  return members.map((m) => String(m.user_id));
}

/** After endGroupConversation commits: every former member's devices close it and leave its room, on every node. */
export async function announceConversationEnded(
  ctx: Pick<AppContext, 'db' | 'realtime' | 'jobs' | 'caches'>, { conversationId, userIds }: { conversationId: string; userIds: string[] },
): Promise<void> {
  for (const userId of userIds) {
    ctx.realtime.io.in(userRoom(userId)).socketsLeave(conversationRoom(conversationId));
    ctx.realtime.toUser(userId).emit('conversationDeleted', { conversationId });
  }
  await chatUnreadChanged(ctx, userIds);
}

/** Fan-out name: a group conversation changed; each node tells its members' devices (server/features/chat). */
export const CONVERSATION_CHANGED = 'chat:conversationChanged';
export type ConversationChanged = { conversationId: string; lineIds: string[]; addedUserIds: string[] };

/**
 * After the commit of a change above: each member's devices get `conversationUpdated` (`newConversation` for the
 * `addedUserIds`, a new conversation included) and the system lines as `newMessage`; a removed member's devices get `conversationDeleted` and leave the conversation's room on every node at
 * once, so nothing more reaches them. Badges follow (a system line counts as unread).
 */
export async function announceConversationChange(
  ctx: Pick<AppContext, 'db' | 'realtime' | 'jobs' | 'caches'>,
  { conversationId, lineIds = [], removedUserIds = [], addedUserIds = [] }:
  { conversationId: string; lineIds?: (string | null)[]; removedUserIds?: string[]; addedUserIds?: string[] },
): Promise<void> {
  for (const userId of removedUserIds) {
    ctx.realtime.io.in(userRoom(userId)).socketsLeave(conversationRoom(conversationId));
    ctx.realtime.toUser(userId).emit('conversationDeleted', { conversationId });
  }
  const lines = lineIds.filter((id): id is string => Boolean(id));
  ctx.realtime.fanOut(CONVERSATION_CHANGED, { conversationId, lineIds: lines, addedUserIds } satisfies ConversationChanged);
  const members = await queryRows<SqlRow<typeof conversationParticipants, 'user_id'>>(ctx.db, sql`
    SELECT user_id FROM conversation_participants WHERE conversation_id = ${conversationId}`);
  await chatUnreadChanged(ctx, [...members.map((m) => String(m.user_id)), ...removedUserIds]);
}
