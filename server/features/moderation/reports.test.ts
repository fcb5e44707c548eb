import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import {
  MESSAGE_REMOVED, REMOVED_BY_MODERATOR, REPORT_DETAILS_REQUIRED, REPORT_DUPLICATE, REPORT_OWN_CONTENT, ReportPage,
  type ReportItem, type ReportTargetType,
} from '../../../common/moderation.ts';
import { queryRows } from '../../db/client.ts';
import {
  auditLog, comments, conversationParticipants, conversations, messages, posts, reports, resources, sessions, users,
} from '../../db/schema.ts';
import { NOT_VERIFIED } from '../../lib/auth.ts';
import { createAdmin, createCommunity, createUser, type TestUser } from '../../test/factories.ts';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { mailIn } from '../../test/mail.ts';
import { caller } from '../../test/http.ts';

let ctx: TestContext;
let admin: TestUser;
let author: TestUser;
let reporter: TestUser;
let second: TestUser;
let outsider: TestUser;
let pending: TestUser;
let communityName: string;
const call = caller(() => ctx.app);

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await createAdmin(ctx.db, { name: 'Ada Admin' });
  author = await createUser(ctx.db, { name: 'Arlo Author' });
  reporter = await createUser(ctx.db, { name: 'Rita Reporter' });
  second = await createUser(ctx.db, { name: 'Sam Second' });
  outsider = await createUser(ctx.db, { name: 'Otto Outsider' });
  pending = await createUser(ctx.db, { name: 'Pia Pending', status: 'pending' });
  communityName = (await createCommunity(ctx.db, { name: 'Anxiety Peers' })).name;
});
afterAll(() => ctx.close());

async function newPost(): Promise<string> {
  const [community] = await queryRows<{ id: string }>(ctx.db, sql`SELECT id FROM communities WHERE name = ${communityName}`);
  const [row] = await ctx.db.insert(posts).values({ communityId: community.id, authorId: author.id, title: 'A case', content: 'Secret text 42' })
    .returning({ id: posts.id });
  return row.id;
}

async function newComment(postId?: string, parentId: string | null = null): Promise<string> {
  const [row] = await ctx.db.insert(comments).values({ postId: postId ?? await newPost(), authorId: author.id, parentId, content: 'Rude words 17' })
    .returning({ id: comments.id });
  return row.id;
}

async function newResource(isApproved = true): Promise<string> {
  const [row] = await ctx.db.insert(resources).values({
    title: 'A tool', link: 'https://example.org/t', description: 'Spammy', category: 'Tools', isApproved, createdBy: author.id,
  }).returning({ id: resources.id });
  return row.id;
}

/** A message from the author to the reporter (the reporter received it). */
async function newMessage(): Promise<string> {
  const [conv] = await ctx.db.insert(conversations).values({ pairKey: `${Math.random()}` }).returning({ id: conversations.id });
  await ctx.db.insert(conversationParticipants).values([{ conversationId: conv.id, userId: author.id }, { conversationId: conv.id, userId: reporter.id }]);
  const [row] = await ctx.db.insert(messages).values({ conversationId: conv.id, senderId: author.id, text: 'Private words 99' })
    .returning({ id: messages.id });
  return row.id;
}

async function freshAuthor(): Promise<TestUser> {
  author = await createUser(ctx.db, { name: 'Arlo Author' });
  return author;
}

const report = (user: TestUser | undefined, targetType: string, targetId: string, reason = 'spam', details?: string) =>
  call('POST', '/api/reports', user, { targetType, targetId, reason, details });

const mailTo = (to: string, pattern: RegExp) => mailIn(ctx.outboxDir, to, pattern);

async function openItem(targetId: string): Promise<ReportItem> {
  const { status, body } = await call('GET', '/api/admin/reports', admin);
  expect(status).toBe(200);
  const item = ReportPage.parse(body).items.find((i) => i.targetId === targetId);
  expect(item).toBeDefined();
  return item!;
}

describe('POST /api/reports', () => {
  const makers: Record<ReportTargetType, () => Promise<string>> = {
    post: newPost, comment: () => newComment(), resource: () => newResource(), profile: async () => author.id, message: newMessage,
  };

  it.each(Object.keys(makers) as ReportTargetType[])('a verified member reports a %s; a repeat answers 409', async (type) => {
    await freshAuthor();
    const id = await makers[type]();
    expect(await report(reporter, type, id, 'harassment')).toEqual({ status: 201, body: { msg: expect.any(String) } });
    expect(await report(reporter, type, id, 'spam')).toEqual({ status: 409, body: { msg: REPORT_DUPLICATE, code: 'CONFLICT' } });
    const [row] = await ctx.db.select().from(reports).where(and(eq(reports.targetId, id), eq(reports.reporterId, reporter.id)));
    expect(row).toMatchObject({ targetType: type, targetAuthorId: author.id, reason: 'harassment', status: 'open' });
  });

  it('refuses visitors (401) and pending members (403) before reading the body', async () => {
    expect((await call('POST', '/api/reports', undefined, { junk: true })).status).toBe(401);
    expect(await call('POST', '/api/reports', pending, { junk: true })).toEqual({ status: 403, body: { msg: NOT_VERIFIED, code: 'NOT_VERIFIED' } });
  });

  it('lets an administrator report too', async () => {
    expect((await report(admin, 'post', await newPost())).status).toBe(201);
  });

  it('refuses bad input with 400', async () => {
    const postId = await newPost();
    for (const body of [
      { targetType: 'group', targetId: postId, reason: 'spam' },
      { targetType: 'post', targetId: 'nope', reason: 'spam' },
      { targetType: 'post', targetId: postId, reason: 'boring' },
      { targetType: 'post', targetId: postId, reason: 'spam', details: 'x'.repeat(1001) },
      { targetType: 'post', targetId: postId },
    ]) {
      const res = await call('POST', '/api/reports', reporter, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.code).toBe('VALIDATION');
    }
    expect(await report(reporter, 'post', postId, 'other', '   ')).toEqual({ status: 400, body: { msg: REPORT_DETAILS_REQUIRED, code: 'BAD_REQUEST' } });
    expect((await report(reporter, 'post', postId, 'other', 'Names a client')).status).toBe(201);
  });

  it('refuses what the reporter cannot see (404) and their own content (400)', async () => {
    const missing = '00000000-0000-4000-8000-000000000000';
    for (const type of ['post', 'comment', 'resource', 'profile', 'message']) {
      expect((await report(reporter, type, missing)).status).toBe(404);
    }
    expect((await report(reporter, 'resource', await newResource(false))).status).toBe(404);
    expect((await report(reporter, 'profile', pending.id)).status).toBe(404);
    const messageId = await newMessage();
    expect((await report(outsider, 'message', messageId)).status).toBe(404);
    expect(await report(author, 'message', messageId)).toEqual({ status: 400, body: { msg: REPORT_OWN_CONTENT, code: 'BAD_REQUEST' } });
    expect((await report(author, 'post', await newPost())).status).toBe(400);
    expect((await report(author, 'profile', author.id)).status).toBe(400);
  });
});

describe('the review (GET and PATCH /api/admin/reports)', () => {
  it('is for administrators only', async () => {
    expect((await call('GET', '/api/admin/reports')).status).toBe(401);
    expect((await call('GET', '/api/admin/reports', pending)).status).toBe(403);
    expect((await call('GET', '/api/admin/reports', reporter)).status).toBe(403);
    const id = '00000000-0000-4000-8000-000000000000';
    expect((await call('PATCH', `/api/admin/reports/${id}`, reporter, { action: 'dismiss' })).status).toBe(403);
    expect((await call('PATCH', `/api/admin/reports/${id}`, undefined, { junk: 1 })).status).toBe(401);
    expect((await call('PATCH', `/api/admin/reports/${id}`, admin, { action: 'dismiss' })).status).toBe(404);
    expect((await call('PATCH', `/api/admin/reports/${id}`, admin, { action: 'ban' })).status).toBe(400);
    for (const q of ['status=closed', 'before=2026-13-01T00:00:00Z_' + id, 'before=0000-01-01T00:00:00Z_' + id, 'before=x']) {
      expect((await call('GET', `/api/admin/reports?${q}`, admin)).status, q).toBe(400);
    }
  });

  it('groups an item\'s open reports with their count and reasons, the content in place, newest first', async () => {
    await freshAuthor();
    const postId = await newPost();
    await report(reporter, 'post', postId, 'spam');
    await report(second, 'post', postId, 'other', 'Names a client');
    const later = await newComment();
    await report(reporter, 'comment', later, 'harassment');
    const { body } = await call('GET', '/api/admin/reports', admin);
    const page = ReportPage.parse(body);
    expect(page.items[0].targetId).toBe(later);
    const item = page.items.find((i) => i.targetId === postId)!;
    expect(item).toMatchObject({
      count: 2, details: ['Names a client'], author: { _id: author.id, name: 'Arlo Author', disabled: false },
      content: { title: 'A case', text: 'Secret text 42', where: 'Post in Anxiety Peers', link: `/post/${postId}`, removed: false },
    });
    expect(item.reasons.map((r) => r.reason).sort()).toEqual(['other', 'spam']);
    expect(JSON.stringify(body)).not.toContain(reporter.id);
  });

  it('pages with a cursor', async () => {
    for (let i = 0; i < 22; i++) await report(reporter, 'post', await newPost());
    const first = ReportPage.parse((await call('GET', '/api/admin/reports', admin)).body);
    expect(first.items).toHaveLength(20);
    const next = ReportPage.parse((await call('GET', `/api/admin/reports?before=${first.nextCursor}`, admin)).body);
    expect(next.items.length).toBeGreaterThan(0);
    const seen = new Set(first.items.map((i) => i.targetId));
    expect(next.items.some((i) => seen.has(i.targetId))).toBe(false);
  });

  it('dismiss resolves every open report of the item, audits it, tells each reporter "found no problem"', async () => {
    await freshAuthor();
    const postId = await newPost();
    await report(reporter, 'post', postId);
    await report(second, 'post', postId, 'misinformation');
    const item = await openItem(postId);
    expect(await call('PATCH', `/api/admin/reports/${item._id}`, admin, { action: 'dismiss', note: 'Fine' }))
      .toEqual({ status: 200, body: { msg: 'Reports dismissed.', resolved: 2 } });
    const open = await ctx.db.select().from(reports).where(and(eq(reports.targetId, postId), eq(reports.status, 'open')));
    expect(open).toHaveLength(0);
    const [audit] = await ctx.db.select().from(auditLog).where(and(eq(auditLog.action, 'report.dismiss'), eq(auditLog.targetId, postId)));
    expect(audit).toMatchObject({ actorId: admin.id, targetType: 'post', detail: { reports: 2, note: 'Fine' } });
    for (const who of [reporter, second]) {
      const mail = await mailTo(who.email, /found no problem/);
      expect(mail).not.toContain('Ada Admin');
    }
    expect((await call('PATCH', `/api/admin/reports/${item._id}`, admin, { action: 'dismiss' })).status).toBe(409);
    // Resolved, the member may report it again.
    expect((await report(reporter, 'post', postId)).status).toBe(201);
    const resolved = ReportPage.parse((await call('GET', '/api/admin/reports?status=resolved', admin)).body);
    expect(resolved.items.find((i) => i.targetId === postId)).toMatchObject({ resolution: 'dismiss', count: 2, note: 'Fine' });
  });

  it('remove leaves a tombstone for a post, a comment, a chat message; deletes a resource', async () => {
    await freshAuthor();
    const postId = await newPost();
    const commentId = await newComment(postId);
    await newComment(postId, commentId); // a reply keeps the removed comment's place in the thread
    const messageId = await newMessage();
    const resourceId = await newResource();
    for (const [type, id] of [['post', postId], ['comment', commentId], ['message', messageId], ['resource', resourceId]] as const) {
      await report(reporter, type, id);
      const item = await openItem(id);
      expect((await call('PATCH', `/api/admin/reports/${item._id}`, admin, { action: 'remove' })).status).toBe(200);
      const [audit] = await ctx.db.select().from(auditLog).where(and(eq(auditLog.action, 'report.remove'), eq(auditLog.targetId, id)));
      expect(audit).toMatchObject({ actorId: admin.id, targetType: type });
    }
    const [post] = await ctx.db.select().from(posts).where(eq(posts.id, postId));
    expect(post).toMatchObject({ title: REMOVED_BY_MODERATOR, content: REMOVED_BY_MODERATOR });
    const thread = await call('GET', `/api/forumPosts/${postId}/comments`, reporter);
    expect(JSON.stringify(thread.body)).toContain('[deleted]');
    expect(JSON.stringify(thread.body)).not.toContain('Rude words 17","author":null');
    const [comment] = await ctx.db.select().from(comments).where(eq(comments.id, commentId));
    expect(comment).toMatchObject({ deleted: true, content: '' });
    const [message] = await ctx.db.select().from(messages).where(eq(messages.id, messageId));
    expect(message.text).toBe(MESSAGE_REMOVED);
    expect(message.removedAt).not.toBeNull();
    expect(post.removedAt).not.toBeNull();
    expect(await ctx.db.select().from(resources).where(eq(resources.id, resourceId))).toHaveLength(0);
    await mailTo(reporter.email, /removed the content/);
  });

  it('decides removal by the removal, not by the words: content that merely reads like a tombstone can be reported', async () => {
    await freshAuthor();
    const messageId = await newMessage();
    await ctx.db.update(messages).set({ text: MESSAGE_REMOVED }).where(eq(messages.id, messageId));
    const postId = await newPost();
    await ctx.db.update(posts).set({ title: REMOVED_BY_MODERATOR }).where(eq(posts.id, postId));
    expect((await report(reporter, 'message', messageId)).status).toBe(201);
    expect((await report(reporter, 'post', postId)).status).toBe(201);
    const item = await openItem(postId);
    expect(item.content.removed).toBe(false);
    expect((await call('PATCH', `/api/admin/reports/${item._id}`, admin, { action: 'remove' })).status).toBe(200);
    expect((await report(second, 'post', postId)).status).toBe(404);
  });

  it('warn emails the author where, never the content or the reporter', async () => {
    await freshAuthor();
    const postId = await newPost();
    await report(reporter, 'post', postId, 'other', 'Rita thinks so');
    const item = await openItem(postId);
    expect((await call('PATCH', `/api/admin/reports/${item._id}`, admin, { action: 'warn', note: 'Please be careful' })).status).toBe(200);
    const mail = await mailTo(author.email, /Your post in Anxiety Peers was reported and reviewed by the moderators/);
    expect(mail).toContain('Please be careful');
    for (const secret of ['Secret text 42', 'Rita', reporter.email, 'Ada Admin']) expect(mail).not.toContain(secret);
    await mailTo(reporter.email, /warned its author/);
    const [audit] = await ctx.db.select().from(auditLog).where(and(eq(auditLog.action, 'report.warn'), eq(auditLog.targetId, postId)));
    expect(audit.actorId).toBe(admin.id);
  });

  it('suspend disables the author and ends their sessions; an administrator cannot be suspended', async () => {
    await freshAuthor();
    await report(reporter, 'profile', author.id, 'impersonation or unlicensed');
    const item = await openItem(author.id);
    expect((await call('GET', '/api/users/me', author)).status).toBe(200);
    expect((await call('PATCH', `/api/admin/reports/${item._id}`, admin, { action: 'suspend' })).status).toBe(200);
    const [row] = await ctx.db.select({ disabled: users.disabled }).from(users).where(eq(users.id, author.id));
    expect(row.disabled).toBe(true);
    expect(await ctx.db.select().from(sessions).where(eq(sessions.userId, author.id))).toHaveLength(0);
    const [audit] = await ctx.db.select().from(auditLog).where(and(eq(auditLog.action, 'report.suspend'), eq(auditLog.targetId, author.id)));
    expect(audit).toMatchObject({ actorId: admin.id, targetType: 'user' });
    await mailTo(reporter.email, /suspended the author's account/);

    const otherAdmin = await createAdmin(ctx.db, { name: 'Other Admin' });
    await report(reporter, 'profile', otherAdmin.id);
    const adminItem = await openItem(otherAdmin.id);
    expect((await call('PATCH', `/api/admin/reports/${adminItem._id}`, admin, { action: 'suspend' })).status).toBe(400);
    expect((await openItem(otherAdmin.id)).count).toBe(1);
  });

  it('removing a profile suspends the account; a warning about a chat message does not name the conversation', async () => {
    await freshAuthor();
    await report(reporter, 'profile', author.id, 'impersonation or unlicensed');
    expect((await call('PATCH', `/api/admin/reports/${(await openItem(author.id))._id}`, admin, { action: 'remove' })).status).toBe(200);
    const [row] = await ctx.db.select({ disabled: users.disabled }).from(users).where(eq(users.id, author.id));
    expect(row.disabled).toBe(true);

    await freshAuthor();
    const messageId = await newMessage();
    await report(reporter, 'message', messageId, 'harassment');
    const item = await openItem(messageId);
    // A private message's words are not in the list: they are read with a reason, in the audit trail.
    expect(item.content).toEqual({ title: null, text: '', where: 'Chat message', link: null, removed: false, sealed: true });
    expect((await call('PATCH', `/api/admin/reports/${item._id}`, admin, { action: 'warn' })).status).toBe(200);
    const mail = await mailTo(author.email, /A chat message you sent was reported/);
    for (const secret of ['Private words 99', 'Rita', reporter.email]) expect(mail).not.toContain(secret);
  });
});
