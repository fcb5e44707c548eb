// Members and invitations. Owners and admins invite verified members (a pending member cannot join: the routes admit
// verified members only, and the invitee must be verified); the invitee accepts or declines; members leave; owners and
// admins remove and change roles (only the owner touches admins); the owner hands over ownership, becoming an admin.
import { sql } from 'drizzle-orm';
import {
  MANAGING_ROLES, PRACTICE_TEXTS, type Invitation, type InvitationList, type PracticeRole,
} from '../../../common/practices.ts';
import type { AppContext } from '../../context.ts';
import { queryRows, type Db } from '../../db/client.ts';
import type { SqlRow, SqlValue } from '../../db/rows.ts';
import type { practiceInvitations as invitationsTable, practices, users } from '../../db/schema.ts';
import type { CurrentUser } from '../../lib/auth.ts';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.ts';
import { keepAnswerWithin } from '../../lib/idempotency.ts';
import { recordEvents } from '../../lib/outbox.ts';
import { findPractice, requireRole, roleIn } from './access.ts';
import { invitationNotice } from './events.ts';
import { readPractice } from './practices.ts';

type GivenRole = Exclude<PracticeRole, 'owner'>;

const INVITATION = sql`
  SELECT i.id, i.role, i.status, i.created_at, p.id AS practice_id, p.slug, p.name AS practice_name,
    u.id AS user_id, u.name AS user_name, u.avatar AS user_avatar, b.id AS by_id, b.name AS by_name, b.avatar AS by_avatar
  FROM practice_invitations i JOIN practices p ON p.id = i.practice_id JOIN users u ON u.id = i.user_id
  LEFT JOIN users b ON b.id = i.invited_by`;
/** INVITATION's row: the invitation, its practice, the invitee and who invited them (a LEFT JOIN: they may be gone). */
type InvitationRow = SqlRow<typeof invitationsTable, 'id' | 'created_at'> & { role: GivenRole; status: Invitation['status'] }
  & SqlRow<typeof practices, 'slug'> & {
  practice_id: SqlValue<typeof practices, 'id'>; practice_name: SqlValue<typeof practices, 'name'>;
  user_id: SqlValue<typeof users, 'id'>; user_name: SqlValue<typeof users, 'name'>; user_avatar: SqlValue<typeof users, 'avatar'>;
  by_id: SqlValue<typeof users, 'id'> | null; by_name: SqlValue<typeof users, 'name'> | null; by_avatar: SqlValue<typeof users, 'avatar'>;
};
const toInvitation = (r: InvitationRow): Invitation => ({
  _id: r.id, practice: { _id: r.practice_id, slug: r.slug, name: r.practice_name },
  user: { _id: r.user_id, name: r.user_name, avatar: r.user_avatar }, role: r.role, status: r.status,
  invitedBy: r.by_id ? { _id: r.by_id, name: r.by_name ?? '', avatar: r.by_avatar } : null, createdAt: new Date(r.created_at).toISOString(),
});

export async function invite(ctx: AppContext, user: CurrentUser, practiceId: string, input: { userId: string; role: GivenRole }): Promise<Invitation> {
  const { practice, role: mine } = await requireRole(ctx.db, practiceId, user.id, MANAGING_ROLES, PRACTICE_TEXTS.notManager);
  if (input.role === 'admin' && mine !== 'owner') throw forbidden(PRACTICE_TEXTS.notOwner);
  const [invitee] = await queryRows<{ listed: boolean; blocked: boolean; member: boolean }>(ctx.db, sql`
    SELECT (u.verification_status = 'verified' AND NOT u.disabled AND u.role <> 'admin') AS listed,
      EXISTS (SELECT 1 FROM blocks b WHERE (b.blocker_id = u.id AND b.blocked_id = ${user.id}) OR (b.blocker_id = ${user.id} AND b.blocked_id = u.id)) AS blocked,
      EXISTS (SELECT 1 FROM practice_members m WHERE m.practice_id = ${practiceId} AND m.user_id = u.id) AS member
    FROM users u WHERE u.id = ${input.userId}`);
  if (!invitee?.listed) throw badRequest(PRACTICE_TEXTS.inviteeMissing);
  if (invitee.blocked) throw forbidden(PRACTICE_TEXTS.inviteeBlocked);
  if (invitee.member) throw conflict(PRACTICE_TEXTS.alreadyMember);
  const { answer, events } = await ctx.db.transaction(async (tx) => {
    const t: Db = tx;
    const [row] = await queryRows<SqlRow<typeof invitationsTable, 'id'>>(t, sql`
      INSERT INTO practice_invitations (practice_id, user_id, role, invited_by) VALUES (${practiceId}, ${input.userId}, ${input.role}, ${user.id})
      ON CONFLICT DO NOTHING RETURNING id`);
    if (!row) throw conflict(PRACTICE_TEXTS.alreadyInvited);
    const [created] = await queryRows<InvitationRow>(t, sql`${INVITATION} WHERE i.id = ${row.id}`);
    const answer = toInvitation(created);
    // The invitee hears of it (notification centre, email and push by preference), once the invitation committed.
    const events = await recordEvents(ctx, t, [invitationNotice.of({ practiceId, practiceName: practice.name, actorId: user.id, to: input.userId })]);
    await keepAnswerWithin(t, answer);
    return { answer, events };
  });
  await events.deliver();
  return answer;
}

/** The practice's pending invitations (its owner and admins). */
export async function practiceInvitations(ctx: AppContext, user: CurrentUser, practiceId: string): Promise<InvitationList> {
  await requireRole(ctx.db, practiceId, user.id, MANAGING_ROLES, PRACTICE_TEXTS.notManager);
  const rows = await queryRows<InvitationRow>(ctx.db, sql`${INVITATION} WHERE i.practice_id = ${practiceId} AND i.status = 'pending' ORDER BY i.created_at DESC`);
  return { invitations: rows.map(toInvitation) };
}

/** GET /api/users/me/practice-invitations: what waits for my answer. */
export async function myInvitations(ctx: AppContext, user: CurrentUser): Promise<InvitationList> {
  const rows = await queryRows<InvitationRow>(ctx.db, sql`${INVITATION} WHERE i.user_id = ${user.id} AND i.status = 'pending' ORDER BY i.created_at DESC`);
  return { invitations: rows.map(toInvitation) };
}

/** The invitee answers; to anyone else the invitation does not exist. Accepting makes them a member in its role. */
export async function answerInvitation(ctx: AppContext, user: CurrentUser, practiceId: string, invitationId: string, accept: boolean): Promise<Invitation> {
  return ctx.db.transaction(async (tx) => {
    const t: Db = tx;
    const [row] = await queryRows<SqlRow<typeof invitationsTable, 'role' | 'status'> & { role: GivenRole /* narrowed by its CHECK */ }>(t, sql`
      SELECT role, status FROM practice_invitations WHERE id = ${invitationId} AND practice_id = ${practiceId} AND user_id = ${user.id} FOR UPDATE`);
    if (!row) throw notFound(PRACTICE_TEXTS.invitationNotFound);
    if (row.status !== 'pending') throw conflict('This invitation has already been answered.');
    await t.execute(sql`UPDATE practice_invitations SET status = ${accept ? 'accepted' : 'declined'}, answered_at = now() WHERE id = ${invitationId}`);
    if (accept) {
      await t.execute(sql`INSERT INTO practice_members (practice_id, user_id, role) VALUES (${practiceId}, ${user.id}, ${row.role})
        ON CONFLICT (practice_id, user_id) DO NOTHING`);
    }
    const [answered] = await queryRows<InvitationRow>(t, sql`${INVITATION} WHERE i.id = ${invitationId}`);
    return toInvitation(answered);
  });
}

/** Leaving (a member removes themself) or removing (the owner anyone; an admin clinicians and intake members). */
export async function removeMember(ctx: AppContext, user: CurrentUser, practiceId: string, userId: string) {
  await findPractice(ctx.db, practiceId);
  const target = await roleIn(ctx.db, practiceId, userId);
  if (userId === user.id) {
    if (!target) throw notFound(PRACTICE_TEXTS.memberNotFound);
    if (target === 'owner') throw conflict(PRACTICE_TEXTS.ownerCannotLeave);
  } else {
    const { role: mine } = await requireRole(ctx.db, practiceId, user.id, MANAGING_ROLES, PRACTICE_TEXTS.notManager);
    if (!target) throw notFound(PRACTICE_TEXTS.memberNotFound);
    if (target === 'owner' || (target === 'admin' && mine !== 'owner')) throw forbidden(PRACTICE_TEXTS.notOwner);
  }
  await ctx.db.execute(sql`DELETE FROM practice_members WHERE practice_id = ${practiceId} AND user_id = ${userId}`);
  return readPractice(ctx, user, practiceId);
}

export async function changeRole(ctx: AppContext, user: CurrentUser, practiceId: string, userId: string, role: GivenRole) {
  const { role: mine } = await requireRole(ctx.db, practiceId, user.id, MANAGING_ROLES, PRACTICE_TEXTS.notManager);
  const target = await roleIn(ctx.db, practiceId, userId);
  if (!target) throw notFound(PRACTICE_TEXTS.memberNotFound);
  if (target === 'owner') throw conflict(PRACTICE_TEXTS.ownerRole);
  if ((target === 'admin' || role === 'admin') && mine !== 'owner') throw forbidden(PRACTICE_TEXTS.notOwner);
  await ctx.db.execute(sql`UPDATE practice_members SET role = ${role} WHERE practice_id = ${practiceId} AND user_id = ${userId}`);
  return readPractice(ctx, user, practiceId);
}

/** The owner hands the practice to another member and stays on as an admin (one owner at a time, in one transaction). */
export async function handOver(ctx: AppContext, user: CurrentUser, practiceId: string, userId: string) {
  await requireRole(ctx.db, practiceId, user.id, ['owner'], PRACTICE_TEXTS.notOwner);
  if (userId === user.id) throw badRequest('You already own this practice.');
  const target = await roleIn(ctx.db, practiceId, userId);
  if (!target) throw notFound(PRACTICE_TEXTS.memberNotFound);
  await ctx.db.transaction(async (tx) => {
    await tx.execute(sql`UPDATE practice_members SET role = 'admin' WHERE practice_id = ${practiceId} AND user_id = ${user.id}`);
    await tx.execute(sql`UPDATE practice_members SET role = 'owner' WHERE practice_id = ${practiceId} AND user_id = ${userId}`);
  });
  return readPractice(ctx, user, practiceId);
}

