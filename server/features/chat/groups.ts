// Group conversations' rules (docs/decisions/0230): making one, renaming it, adding and removing members.
// The writes are shared with the features that keep a group conversation for their members (server/lib/
// group-conversations.ts); the rules a member's own request must pass are here. Each change is written with its system
// line in one transaction, then announced to every member's devices on every node.
import { CHAT_ERRORS, GROUP_MAX_OTHERS, GROUP_MIN_OTHERS } from '../../../common/chat.ts';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { CurrentUser } from '../../lib/auth.ts';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.ts';
import {
  addConversationMember, announceConversationChange, createGroupConversation, GROUP_MAX_MEMBERS, removeConversationMember,
  renameGroupConversation,
} from '../../lib/group-conversations.ts';
import type { Db } from '../../db/client.ts';
import * as gq from './group-queries.ts';

type GroupInput = { participantIds: string[]; title?: string | null; membersCanAdd?: boolean };

/** Refuses the first member who may not be added by `actorId`, in the order a person would want to hear it. */
async function requireAddable(db: Db, actorId: string, userIds: string[], conversationId: string | null = null): Promise<void> {
  const found = new Map((await gq.candidates(db, actorId, userIds, conversationId)).map((c) => [String(c.id), c]));
  for (const id of userIds) {
    const c = found.get(id);
    if (!c) throw notFound(CHAT_ERRORS.memberNotFound);
    if (!c.verified) throw badRequest(CHAT_ERRORS.memberNotVerified);
    if (c.member) throw conflict(CHAT_ERRORS.alreadyMember);
    if (c.blocked) throw forbidden(CHAT_ERRORS.memberBlocked);
    // "Who can message me" applies to being added: being in a group is being messaged.
    if (c.refused) throw forbidden(CHAT_ERRORS.memberRefuses);
  }
}

/** POST /api/conversations `{participantIds, title}`: a new group of the user and 2 to 11 others. */
export async function createGroup(ctx: AppContext, user: CurrentUser, input: GroupInput): Promise<{ id: string; created: true }> {
  const others = [...new Set(input.participantIds)].filter((id) => id !== user.id);
  if (others.length < GROUP_MIN_OTHERS || others.length > GROUP_MAX_OTHERS) throw badRequest(CHAT_ERRORS.groupSize);
  await requireAddable(ctx.db, user.id, others);
  const id = await ctx.db.transaction((tx) => createGroupConversation(tx, {
    creatorId: user.id, participantIds: others, title: input.title ?? null, membersCanAdd: input.membersCanAdd ?? false,
  }));
  const line = await gq.lastLineId(ctx.db, id);
  await announceConversationChange(ctx, { conversationId: id, lineIds: [line], addedUserIds: [user.id, ...others] });
  await introduceMembers(ctx, id, [user.id, ...others]);
  return { id, created: true };
}

/** Reads the group as `user` may change it: a participant of a group conversation, else refused. */
function requireGroup(state: gq.GroupState | undefined): gq.GroupState {
  if (!state?.member) throw notFound(CHAT_ERRORS.conversationNotFound);
  if (!state.is_group) throw badRequest(CHAT_ERRORS.notGroup);
  return state;
}

/** PATCH /api/conversations/{id}: any member renames; only the creator lets every member add others. */
export async function updateGroup(
  ctx: AppContext, user: CurrentUser,
  { conversationId, title, membersCanAdd }: { conversationId: string; title?: string | null; membersCanAdd?: boolean },
): Promise<void> {
  const change = await ctx.db.transaction(async (tx) => {
    const state = requireGroup(await gq.groupState(tx, conversationId, user.id));
    if (membersCanAdd !== undefined && state.creator_id !== user.id) throw forbidden(CHAT_ERRORS.notCreator);
    if (membersCanAdd !== undefined) {
      await tx.execute(sql`UPDATE conversations SET members_can_add = ${membersCanAdd} WHERE id = ${conversationId}`);
    }
    return title === undefined ? null : renameGroupConversation(tx, { conversationId, actorId: user.id, title });
  });
  await announceConversationChange(ctx, { conversationId, lineIds: [change?.lineId ?? null] });
}

/** POST /api/conversations/{id}/members: the creator adds, or any member when the creator allows it. */
export async function addMember(ctx: AppContext, user: CurrentUser, { conversationId, userId }: { conversationId: string; userId: string }) {
  const change = await ctx.db.transaction(async (tx) => {
    const state = requireGroup(await gq.groupState(tx, conversationId, user.id));
    if (state.creator_id !== user.id && !state.members_can_add) throw forbidden(CHAT_ERRORS.notCreator);
    await requireAddable(tx, user.id, [userId], conversationId);
    if (state.members >= GROUP_MAX_MEMBERS) throw conflict(CHAT_ERRORS.groupFull);
    return addConversationMember(tx, { conversationId, actorId: user.id, userId });
  });
  await announceConversationChange(ctx, { conversationId, lineIds: [change.lineId], addedUserIds: [userId] });
  await introduceMembers(ctx, conversationId, [userId]);
}

/** DELETE /api/conversations/{id}/members/{userId}: the creator removes a member; anyone removes themselves (leaves). */
export async function removeMember(ctx: AppContext, user: CurrentUser, { conversationId, userId }: { conversationId: string; userId: string }) {
  const change = await ctx.db.transaction(async (tx) => {
    const state = requireGroup(await gq.groupState(tx, conversationId, user.id));
    if (userId !== user.id && state.creator_id !== user.id) throw forbidden(CHAT_ERRORS.notCreator);
    const removed = await removeConversationMember(tx, { conversationId, actorId: user.id, userId });
    if (!removed.changed) throw notFound(CHAT_ERRORS.notMember);
    return removed;
  });
  await announceConversationChange(ctx, { conversationId, lineIds: [change.lineId], removedUserIds: [userId] });
}

/**
 * Members who now share a conversation learn each other's online status at once (each hears presence only for the
 * people they chat with), except across a block, where presence stays hidden.
 */
async function introduceMembers(ctx: AppContext, conversationId: string, newcomers: string[]): Promise<void> {
  const members = (await gq.groupMembers(ctx.db, conversationId));
  const hidden = new Set((await gq.blockedPairs(ctx.db, conversationId)).flatMap(([a, b]) => [`${a}:${b}`, `${b}:${a}`]));
  const online = new Set(await ctx.realtime.presence.onlineAmong(members));
  for (const a of newcomers) {
    for (const b of members.filter((m) => m !== a && !hidden.has(`${a}:${m}`))) {
      ctx.realtime.toUser(a).emit('presenceChanged', { userId: b, online: online.has(b) });
      ctx.realtime.toUser(b).emit('presenceChanged', { userId: a, online: online.has(a) });
    }
  }
}
