// De-identified cases a member presents to their group, with threaded comments (the forums' rules: replies nest at
// most MAX_REPLY_DEPTH deep) and "discussed at" a meeting. Every field and comment passes the client-privacy guard
// and is stored sealed. Only members read them: access is membership, checked on every read, so leaving ends it. A
// case and its comments carry files (cases-files.ts; a comment's with it), attached by their owner, once.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { GROUP_TEXTS, type CreateCase, type GroupCase } from '../../../common/groups.ts';
import { MAX_REPLY_DEPTH, REPLY_TOO_DEEP } from '../../../common/posts.ts';
import type { AppContext } from '../../context.ts';
import { queryRows, type Db } from '../../db/client.ts';
import type { Nullable, SqlRow, SqlValue } from '../../db/rows.ts';
import type { groupCaseComments, groupCases, users } from '../../db/schema.ts';
import type { Attachment } from '../../../common/files.ts';
import type { CurrentUser } from '../../lib/auth.ts';
import { recordAuditedRead } from '../../lib/audit.ts';
import { refuseIdentifyingText } from '../../lib/client-privacy.ts';
import { openGroupText, sealGroupText } from '../../lib/crypto/fields.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { assertAttachable, attach, FILE_COLUMNS, toAttachment, type FileRow } from '../../lib/files/records.ts';
import { keepAnswerWithin } from '../../lib/idempotency.ts';
import { iso } from './queries.ts';
import { isOccurrence, parseMeetingId } from './schedule.ts';
import { memberGroup, nowOf } from './access.ts';

const FIELDS = ['presentingConcern', 'context', 'question'] as const;
const FIELD_WORDS: Record<(typeof FIELDS)[number], string> = { presentingConcern: 'presenting concern', context: 'context', question: 'question' };

// The author through a LEFT JOIN: a deleted author's cases and comments stay, without a name.
type CaseRow = SqlRow<typeof groupCases, 'id' | 'author_id' | 'presenting_concern' | 'age_group' | 'context' | 'question' | 'discussed_at'
  | 'created_at'>
  & { author_name: SqlValue<typeof users, 'name'> | null; author_avatar: SqlValue<typeof users, 'avatar'> };
type CommentRow = SqlRow<typeof groupCaseComments, 'id' | 'case_id' | 'parent_id' | 'author_id' | 'body' | 'created_at'>
  & Nullable<SqlRow<typeof users, 'name' | 'avatar'>>;

const person = (id: string | null, name: string | null, avatar: string | null) => (id && name ? { _id: id, name, avatar } : null);

/** The group's cases, newest first, each with its comments in order; reading others' cases is in the audit trail. */
export async function listCases(ctx: AppContext, groupId: string, reader?: CurrentUser, caseId?: string): Promise<GroupCase[]> {
  const only = caseId ? sql`AND c.id = ${caseId}::uuid` : sql``;
  const rows = await queryRows<CaseRow>(ctx.db, sql`
    SELECT c.id, c.author_id, u.name AS author_name, u.avatar AS author_avatar, c.presenting_concern, c.age_group, c.context, c.question,
      ${iso(sql`c.discussed_at`)} AS discussed_at, ${iso(sql`c.created_at`)} AS created_at
    FROM group_cases c LEFT JOIN users u ON u.id = c.author_id WHERE c.group_id = ${groupId}::uuid ${only}
    ORDER BY c.created_at DESC, c.id LIMIT 50`);
  if (!rows.length) return [];
  const comments = await queryRows<CommentRow>(ctx.db, sql`
    SELECT k.id, k.case_id, k.parent_id, k.author_id, u.name, u.avatar, k.body, ${iso(sql`k.created_at`)} AS created_at
    FROM group_case_comments k LEFT JOIN users u ON u.id = k.author_id
    WHERE k.case_id = ANY(${`{${rows.map((r) => r.id).join(',')}}`}::uuid[]) ORDER BY k.created_at, k.id`);
  const attachments = await commentAttachments(ctx.db, comments.map((k) => k.id));
  if (reader) {
    await Promise.all(rows.filter((r) => r.author_id && r.author_id !== reader.id).map((r) => recordAuditedRead(ctx.db, {
      actorId: reader.id, action: 'group_case.read', targetType: 'group_case', targetId: r.id, memberId: r.author_id,
    })));
  }
  return rows.map((r) => ({
    _id: r.id, author: person(r.author_id, r.author_name, r.author_avatar), ageGroup: r.age_group,
    presentingConcern: openGroupText(r.id, 'presentingConcern', r.presenting_concern), context: openGroupText(r.id, 'context', r.context),
    question: openGroupText(r.id, 'question', r.question), discussedAt: r.discussed_at, createdAt: r.created_at,
    comments: comments.filter((k) => k.case_id === r.id).map((k) => ({
      _id: k.id, parentId: k.parent_id, author: person(k.author_id, k.name, k.avatar), body: openGroupText(k.id, 'comment', k.body), createdAt: k.created_at,
      attachments: attachments.get(k.id) ?? [],
    })),
  }));
}

/** The files on these comments, by comment, each list in the order attached. */
async function commentAttachments(db: Db, commentIds: string[]): Promise<Map<string, Attachment[]>> {
  const found = new Map<string, Attachment[]>();
  if (!commentIds.length) return found;
  const rows = await queryRows<FileRow>(db, sql`SELECT ${FILE_COLUMNS} FROM files f
    WHERE f.case_comment_id = ANY(${`{${commentIds.join(',')}}`}::uuid[]) ORDER BY f.attached_at, f.id`);
  for (const row of rows) found.set(row.case_comment_id!, [...(found.get(row.case_comment_id!) ?? []), toAttachment(row)]);
  return found;
}

export async function createCase(ctx: AppContext, user: CurrentUser, groupId: string, input: CreateCase): Promise<GroupCase> {
  await memberGroup(ctx.db, groupId, user);
  for (const field of FIELDS) refuseIdentifyingText(input[field], FIELD_WORDS[field], input.confirmLikelyName);
  const fileIds = input.attachmentIds ?? [];
  await assertAttachable(ctx.db, user.id, fileIds);
  const id = randomUUID();
  return ctx.db.transaction(async (tx) => {
    const t: Db = tx;
    await t.execute(sql`INSERT INTO group_cases (id, group_id, author_id, presenting_concern, age_group, context, question, created_at)
      VALUES (${id}::uuid, ${groupId}::uuid, ${user.id}::uuid, ${sealGroupText(id, 'presentingConcern', input.presentingConcern)},
        ${input.ageGroup}, ${sealGroupText(id, 'context', input.context)}, ${sealGroupText(id, 'question', input.question)},
        ${nowOf(ctx).toISOString()}::timestamptz)`);
    await attach(t, user.id, fileIds, { caseId: id });
    const [answer] = await listCases({ ...ctx, db: t }, groupId, undefined, id);
    await keepAnswerWithin(t, answer);
    return answer;
  });
}

/** The group of a case the caller may read: 404 for a case not in it, 403 or 404 (as the group says) for a non-member. */
export async function memberCase(ctx: AppContext, user: CurrentUser, groupId: string, caseId: string) {
  const group = await memberGroup(ctx.db, groupId, user);
  const [row] = await queryRows<SqlRow<typeof groupCases, 'id'>>(ctx.db, sql`SELECT id FROM group_cases WHERE id = ${caseId}::uuid AND group_id = ${groupId}::uuid`);
  if (!row) throw notFound(GROUP_TEXTS.caseNotFound);
  return group;
}

export async function readCase(ctx: AppContext, user: CurrentUser, groupId: string, caseId: string): Promise<GroupCase> {
  await memberCase(ctx, user, groupId, caseId);
  const [answer] = await listCases(ctx, groupId, user, caseId);
  return answer;
}

export async function commentOnCase(
  ctx: AppContext, user: CurrentUser, groupId: string, caseId: string,
  input: { body: string; parentId?: string; confirmLikelyName: boolean; attachmentIds?: string[] },
): Promise<GroupCase> {
  await memberCase(ctx, user, groupId, caseId);
  refuseIdentifyingText(input.body, 'comment', input.confirmLikelyName);
  const fileIds = input.attachmentIds ?? [];
  await assertAttachable(ctx.db, user.id, fileIds);
  if (input.parentId) {
    const [depth] = await queryRows<{ depth: number | null }>(ctx.db, sql`
      WITH RECURSIVE chain AS (
        SELECT parent_id, 0 AS depth FROM group_case_comments WHERE id = ${input.parentId}::uuid AND case_id = ${caseId}::uuid
        UNION ALL
        SELECT k.parent_id, chain.depth + 1 FROM chain JOIN group_case_comments k ON k.id = chain.parent_id WHERE chain.depth < ${MAX_REPLY_DEPTH})
      SELECT max(depth)::int AS depth FROM chain`);
    if (depth?.depth === null || depth?.depth === undefined) throw badRequest(GROUP_TEXTS.commentParent);
    if (depth.depth + 1 >= MAX_REPLY_DEPTH) throw badRequest(REPLY_TOO_DEEP);
  }
  const id = randomUUID();
  return ctx.db.transaction(async (tx) => {
    const t: Db = tx;
    await t.execute(sql`INSERT INTO group_case_comments (id, case_id, parent_id, author_id, body, created_at)
      VALUES (${id}::uuid, ${caseId}::uuid, ${input.parentId ?? null}::uuid, ${user.id}::uuid, ${sealGroupText(id, 'comment', input.body)},
        ${nowOf(ctx).toISOString()}::timestamptz)`);
    await attach(t, user.id, fileIds, { caseId, caseCommentId: id });
    const [answer] = await listCases({ ...ctx, db: t }, groupId, undefined, caseId);
    await keepAnswerWithin(t, answer);
    return answer;
  });
}

/** Any member marks a case discussed at one of the group's meetings (or clears it with null). */
export async function markDiscussed(ctx: AppContext, user: CurrentUser, groupId: string, caseId: string, meetingId: string | null): Promise<GroupCase> {
  const group = await memberCase(ctx, user, groupId, caseId);
  let at: string | null = null;
  if (meetingId) {
    const { groupId: of, occurrence } = parseMeetingId(meetingId);
    if (of !== groupId || !isOccurrence(group, occurrence)) throw badRequest(GROUP_TEXTS.meetingNotFound);
    at = occurrence.toISOString();
  }
  await ctx.db.execute(sql`UPDATE group_cases SET discussed_at = ${at}::timestamptz WHERE id = ${caseId}::uuid`);
  return (await listCases(ctx, groupId, undefined, caseId))[0];
}
