// Joining and leaving a group: invitations by the facilitator, join requests to listed groups (answered by the
// facilitator), leaving, and removal. A seat is taken in one statement (queries.takeSeat), so a full group refuses
// the acceptance that would overfill it. Blocks either way stop an invitation and a request.
import { sql } from 'drizzle-orm';
import { GROUP_TEXTS } from '../../../common/groups.ts';
import type { AppContext } from '../../context.ts';
import { queryRows, type Db } from '../../db/client.ts';
import type { SqlRow } from '../../db/rows.ts';
import type { consultationGroups, groupInvitations, users } from '../../db/schema.ts';
import type { CurrentUser } from '../../lib/auth.ts';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.ts';
import { keepAnswerWithin } from '../../lib/idempotency.ts';
import { recordEvents } from '../../lib/outbox.ts';
import { announceGroupChat, joinGroupConversation, leaveGroupConversation, type GroupChatChange } from './conversation.ts';
import { groupNoticeOf } from './events.ts';
import * as q from './queries.ts';
import { facilitatedGroup, nowOf, refuseAdmin, visibleGroup } from './access.ts';

type InvitationRow = SqlRow<typeof groupInvitations, 'id' | 'user_id' | 'message' | 'status' | 'created_at'> & SqlRow<typeof users, 'name' | 'avatar'>
  & { kind: 'invitation' | 'request' };

/** The waiting invitations and requests of a group (the facilitator sees them on the group's page). */
export async function pendingOf(db: Db, groupId: string) {
  const rows = await queryRows<InvitationRow>(db, sql`
    SELECT i.id, i.kind, i.user_id, u.name, u.avatar, i.message, i.status, ${q.iso(sql`i.created_at`)} AS created_at
    FROM group_invitations i JOIN users u ON u.id = i.user_id WHERE i.group_id = ${groupId}::uuid AND i.status = 'pending'
    ORDER BY i.created_at, i.id`);
  return rows.map((r) => ({ _id: r.id, kind: r.kind, user: { _id: r.user_id, name: r.name, avatar: r.avatar }, message: r.message, status: r.status, createdAt: r.created_at }));
}

const invitationOut = (id: string, groupId: string, status: string) => ({ _id: id, status, groupId });

export async function invite(ctx: AppContext, user: CurrentUser, groupId: string, inviteeId: string) {
  const group = await facilitatedGroup(ctx.db, groupId, user);
  if (group.members_count >= group.max_members) throw conflict(GROUP_TEXTS.full);
  const [invitee] = await queryRows<{ ok: boolean; member: boolean; pending: boolean; blocked: boolean }>(ctx.db, sql`
    SELECT (u.verification_status = 'verified' AND NOT u.disabled AND u.role <> 'admin') AS ok,
      EXISTS (SELECT 1 FROM group_members m WHERE m.group_id = ${groupId}::uuid AND m.user_id = u.id) AS member,
      EXISTS (SELECT 1 FROM group_invitations i WHERE i.group_id = ${groupId}::uuid AND i.user_id = u.id AND i.status = 'pending') AS pending,
      ${q.blockedEitherWay(sql`u.id`, sql`${user.id}::uuid`)} AS blocked
    FROM users u WHERE u.id = ${inviteeId}::uuid`);
  if (!invitee?.ok) throw badRequest(GROUP_TEXTS.invitee);
  if (invitee.blocked) throw forbidden(GROUP_TEXTS.blocked);
  if (invitee.member) throw conflict(GROUP_TEXTS.alreadyMember);
  if (invitee.pending) throw conflict(GROUP_TEXTS.alreadyPending);
  const { answer, events } = await ctx.db.transaction(async (tx) => {
    const t: Db = tx;
    const [row] = await queryRows<SqlRow<typeof groupInvitations, 'id'>>(t, sql`INSERT INTO group_invitations (group_id, user_id, kind, created_at)
      VALUES (${groupId}::uuid, ${inviteeId}::uuid, 'invitation', ${nowOf(ctx).toISOString()}::timestamptz) RETURNING id`);
    const events = await recordEvents(ctx, t, groupNoticeOf({ type: 'groupInvitation', groupId, groupName: group.name, actorId: user.id, to: [inviteeId] }));
    const answer = invitationOut(row.id, groupId, 'pending');
    await keepAnswerWithin(t, answer);
    return { answer, events };
  });
  await events.deliver();
  return answer;
}

export async function requestToJoin(ctx: AppContext, user: CurrentUser, groupId: string, message: string) {
  refuseAdmin(user);
  const group = await visibleGroup(ctx.db, groupId, user);
  if (group.visibility !== 'listed') throw forbidden(GROUP_TEXTS.notListed);
  if (group.is_member) throw conflict(GROUP_TEXTS.alreadyMember);
  if (group.pending_kind) throw conflict(GROUP_TEXTS.alreadyPending);
  if (group.members_count >= group.max_members) throw conflict(GROUP_TEXTS.full);
  const [b] = await queryRows<{ blocked: boolean }>(ctx.db, sql`SELECT ${q.blockedEitherWay(sql`${group.facilitator_id}::uuid`, sql`${user.id}::uuid`)} AS blocked`);
  if (b.blocked) throw forbidden(GROUP_TEXTS.blockedRequest);
  const { answer, events } = await ctx.db.transaction(async (tx) => {
    const t: Db = tx;
    const [row] = await queryRows<SqlRow<typeof groupInvitations, 'id'>>(t, sql`INSERT INTO group_invitations (group_id, user_id, kind, message, created_at)
      VALUES (${groupId}::uuid, ${user.id}::uuid, 'request', ${message}, ${nowOf(ctx).toISOString()}::timestamptz) RETURNING id`);
    const events = await recordEvents(ctx, t, groupNoticeOf({ type: 'groupJoinRequest', groupId, groupName: group.name, actorId: user.id, to: [group.facilitator_id] }));
    const answer = invitationOut(row.id, groupId, 'pending');
    await keepAnswerWithin(t, answer);
    return { answer, events };
  });
  await events.deliver();
  return answer;
}

/**
 * An invitation is answered by its invitee; a join request by the facilitator. The row is read and locked in the
 * transaction that answers it: two answers at once (a double click, a retry) would otherwise both find it pending and
 * both take a seat, leaving the group's seat count one above its members (the attack sweep's replays, decision 0360).
 */
export async function answerInvitation(ctx: AppContext, user: CurrentUser, groupId: string, invitationId: string, accept: boolean) {
  const status = accept ? 'accepted' : 'declined';
  const joined = await ctx.db.transaction(async (tx) => {
    const t: Db = tx;
    const [inv] = await queryRows<SqlRow<typeof groupInvitations, 'id' | 'kind' | 'user_id' | 'status'>
      & SqlRow<typeof consultationGroups, 'facilitator_id' | 'conversation_id'>>(t, sql`
      SELECT i.id, i.kind, i.user_id, i.status, g.facilitator_id, g.conversation_id FROM group_invitations i
      JOIN consultation_groups g ON g.id = i.group_id WHERE i.id = ${invitationId}::uuid AND i.group_id = ${groupId}::uuid
      FOR UPDATE OF i`);
    const answerer = inv?.kind === 'invitation' ? inv.user_id : inv?.facilitator_id;
    if (!inv || answerer !== user.id) throw notFound(GROUP_TEXTS.invitationNotFound);
    if (inv.status !== 'pending') throw conflict(GROUP_TEXTS.answered);
    let change: GroupChatChange | undefined;
    if (accept) {
      if (!(await q.takeSeat(t, groupId, inv.user_id))) throw conflict(GROUP_TEXTS.full);
      change = await joinGroupConversation(t, { groupId, conversationId: inv.conversation_id }, inv.user_id, user.id);
    }
    await t.execute(sql`UPDATE group_invitations SET status = ${status}, answered_at = ${nowOf(ctx).toISOString()}::timestamptz
      WHERE id = ${invitationId}::uuid`);
    return change;
  });
  await announceGroupChat(ctx, joined);
  return invitationOut(invitationId, groupId, status);
}

export async function myInvitations(ctx: AppContext, user: CurrentUser) {
  const rows = await queryRows<SqlRow<typeof groupInvitations, 'id' | 'group_id' | 'status' | 'created_at'> & SqlRow<typeof consultationGroups, 'name'>
    & { kind: 'invitation' | 'request' }>(ctx.db, sql`
    SELECT i.id, i.kind, i.group_id, g.name, i.status, ${q.iso(sql`i.created_at`)} AS created_at FROM group_invitations i
    JOIN consultation_groups g ON g.id = i.group_id WHERE i.user_id = ${user.id}::uuid AND i.status = 'pending'
    ORDER BY i.created_at DESC, i.id LIMIT 100`);
  return { invitations: rows.map((r) => ({ _id: r.id, kind: r.kind, group: { _id: r.group_id, name: r.name }, status: r.status, createdAt: r.created_at })) };
}

/** Leaving (oneself) or removing (the facilitator): the member's access to cases ends with the row. */
export async function removeMember(ctx: AppContext, user: CurrentUser, groupId: string, userId: string) {
  const group = await visibleGroup(ctx.db, groupId, user);
  const self = userId === user.id;
  if (!self && !group.is_facilitator) throw forbidden(GROUP_TEXTS.onlyFacilitator);
  if (userId === group.facilitator_id) throw badRequest(GROUP_TEXTS.facilitatorLeaves);
  const left = await ctx.db.transaction(async (tx) => {
    const t: Db = tx;
    if (!(await q.leaveSeat(t, groupId, userId))) throw notFound(self ? GROUP_TEXTS.notMember : 'Member not found.');
    return leaveGroupConversation(t, { groupId, conversationId: group.conversation_id }, userId, user.id);
  });
  await announceGroupChat(ctx, left);
  return { msg: self ? 'You left the group.' : 'Member removed.' };
}
