// Consultation groups: create, list (mine; listed ones with open seats), read (members see everything, others the
// public card of a listed group, or of a group that invited them), change and delete by the facilitator.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import {
  GROUP_LIMITS, GROUP_TEXTS, type CreateGroup, type GroupCard, type GroupDetail, type GroupPage, type PatchGroup,
} from '../../../common/groups.ts';
import type { AppContext } from '../../context.ts';
import { queryRows, type Db } from '../../db/client.ts';
import { consultationGroups, type files as filesTable, groupMembers } from '../../db/schema.ts';
import type { SqlRow } from '../../db/rows.ts';
import type { CurrentUser } from '../../lib/auth.ts';
import { badRequest } from '../../lib/errors.ts';
import { keepAnswerWithin } from '../../lib/idempotency.ts';
import { facilitatedGroup, nowOf, refuseAdmin, visibleGroup } from './access.ts';
import { listCases } from './cases.ts';
import { announceGroupChat, announceGroupChatEnded, endGroupChat, handOverGroupChat, openGroupConversation, type GroupChatChange } from './conversation.ts';
import { pendingOf } from './membership.ts';
import { meetingsOf, NEXT_WINDOW_MS, strip, toCard } from './present.ts';
import * as q from './queries.ts';
import { scheduleReminders } from './reminders.ts';

export async function createGroup(ctx: AppContext, user: CurrentUser, input: CreateGroup): Promise<GroupDetail> {
  refuseAdmin(user);
  const id = randomUUID();
  const now = nowOf(ctx);
  const answer = await ctx.db.transaction(async (tx) => {
    const t: Db = tx;
    const conversationId = await openGroupConversation(t, { creatorId: user.id, title: input.name });
    await tx.insert(consultationGroups).values({
      id, name: input.name, description: input.description, visibility: input.visibility, maxMembers: input.maxMembers,
      specialties: input.focus.specialties, modalities: input.focus.modalities, frequency: input.schedule.frequency,
      weekday: input.schedule.weekday, localTime: input.schedule.time, timeZone: input.schedule.timeZone,
      durationMinutes: input.schedule.durationMinutes, startsOn: input.schedule.startsOn, meetingLink: input.meetingLink,
      facilitatorId: user.id, conversationId, membersCount: 1, createdAt: now, updatedAt: now,
    });
    await tx.insert(groupMembers).values({ groupId: id, userId: user.id, joinedAt: now });
    await scheduleReminders(ctx, t, id, now);
    const created = await readGroup({ ...ctx, db: t }, user, { id });
    await keepAnswerWithin(t, created);
    return created;
  });
  // The facilitator's devices list the group's conversation at once.
  if (answer.conversationId) await announceGroupChat(ctx, { conversationId: answer.conversationId, lineIds: [], addedUserIds: [user.id] });
  return answer;
}

export async function readGroup(ctx: AppContext, user: CurrentUser, { id }: { id: string }): Promise<GroupDetail> {
  const row = await visibleGroup(ctx.db, id, user);
  const now = nowOf(ctx);
  const to = new Date(now.getTime() + NEXT_WINDOW_MS);
  const changes = await q.changesBetween(ctx.db, [id], now, to);
  const card = toCard(row, changes, now);
  if (!row.is_member) {
    return { ...card, meetingLink: null, conversationId: null, members: null, meetings: null, cases: null, pending: null };
  }
  const [members, cases, pending] = await Promise.all([
    q.membersOf(ctx.db, id), listCases(ctx, id, user), row.is_facilitator ? pendingOf(ctx.db, id) : Promise.resolve(null),
  ]);
  return {
    ...card, meetingLink: row.meeting_link || null, conversationId: row.conversation_id,
    members: members.map((m) => ({ _id: m.id, name: m.name, avatar: m.avatar, role: m.id === row.facilitator_id ? 'facilitator' as const : 'member' as const })),
    meetings: meetingsOf(row, changes, now, to).slice(0, 5).map(strip), cases, pending,
  };
}

const CURSOR = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z)_([0-9a-f-]{36})$/i;

export async function listGroups(
  ctx: AppContext, user: CurrentUser, input: { mine?: string; q?: string; specialty?: string; modality?: string; cursor?: string },
): Promise<GroupPage> {
  const now = nowOf(ctx);
  const cards = async (rows: q.GroupRow[]): Promise<GroupCard[]> => {
    const changes = await q.changesBetween(ctx.db, rows.map((r) => r.id), now, new Date(now.getTime() + NEXT_WINDOW_MS));
    return rows.map((r) => toCard(r, changes, now));
  };
  if (input.mine) return { groups: await cards(await q.myGroups(ctx.db, user.id)), nextCursor: null };
  const m = input.cursor ? CURSOR.exec(input.cursor) : null;
  if (input.cursor && !m) throw badRequest('The cursor is not valid.');
  const limit = GROUP_LIMITS.pageSize;
  const rows = await q.listedPage(ctx.db, user.id, { q: input.q || undefined, specialty: input.specialty, modality: input.modality, cursor: m ? { at: m[1], id: m[2] } : null }, limit);
  const shown = rows.slice(0, limit);
  const last = shown.at(-1);
  return { groups: await cards(shown), nextCursor: rows.length > limit && last ? `${last.created_at}_${last.id}` : null };
}

export async function updateGroup(ctx: AppContext, user: CurrentUser, id: string, input: PatchGroup): Promise<GroupDetail> {
  const row = await facilitatedGroup(ctx.db, id, user);
  if (input.maxMembers !== undefined && input.maxMembers < row.members_count) throw badRequest(GROUP_TEXTS.maxBelowMembers);
  const now = nowOf(ctx);
  const chatChange = await ctx.db.transaction(async (tx) => {
    const t: Db = tx;
    let change: GroupChatChange | undefined;
    if (input.facilitatorId && input.facilitatorId !== row.facilitator_id) {
      const [member] = await queryRows<{ ok: number }>(t, sql`SELECT 1 AS ok FROM group_members
        WHERE group_id = ${id}::uuid AND user_id = ${input.facilitatorId}::uuid`);
      if (!member) throw badRequest(GROUP_TEXTS.handOverToMember);
      // The new facilitator manages the group's conversation too (else they could not remove a member from it).
      change = await handOverGroupChat(t, { groupId: id, conversationId: row.conversation_id }, input.facilitatorId, user.id);
    }
    const s = input.schedule;
    await t.update(consultationGroups).set({
      name: input.name, description: input.description, visibility: input.visibility, maxMembers: input.maxMembers,
      specialties: input.focus?.specialties, modalities: input.focus?.modalities, meetingLink: input.meetingLink,
      frequency: s?.frequency, weekday: s?.weekday, localTime: s?.time, timeZone: s?.timeZone, durationMinutes: s?.durationMinutes,
      startsOn: s?.startsOn, facilitatorId: input.facilitatorId, updatedAt: now,
    }).where(sql`id = ${id}::uuid`);
    if (s) await scheduleReminders(ctx, t, id, now);
    return change;
  });
  await announceGroupChat(ctx, chatChange);
  return readGroup(ctx, user, { id });
}

export async function deleteGroup(ctx: AppContext, user: CurrentUser, id: string): Promise<{ msg: string }> {
  const row = await facilitatedGroup(ctx.db, id, user);
  // Its conversation ends with it: a conversation of nobody's group would keep its members talking with no one able
  // to manage it, and cases discussed there were for the group's members only.
  const ended = await ctx.db.transaction(async (tx) => {
    const t: Db = tx;
    const chat = await endGroupChat(t, { groupId: id, conversationId: row.conversation_id });
    // Its cases' files go with it (cascade): named here so every node lets their kept thumbnails go at once.
    const files = await queryRows<SqlRow<typeof filesTable, 'id'>>(t, sql`SELECT f.id FROM files f JOIN group_cases c ON c.id = f.case_id
      WHERE c.group_id = ${id}::uuid AND f.has_thumbnail`);
    await t.execute(sql`DELETE FROM consultation_groups WHERE id = ${id}::uuid`);
    return { chat, fileIds: files.map((f) => f.id) };
  });
  ctx.caches.publish({ type: 'files.deleted', fileIds: ended.fileIds });
  await announceGroupChatEnded(ctx, ended.chat);
  return { msg: 'Group deleted.' };
}
