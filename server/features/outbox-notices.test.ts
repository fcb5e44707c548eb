// The writes whose notices and mails joined the outbox (docs/decisions/0175-notices-and-mails-through-the-outbox.md):
// a forum edit's new mentions, moderation's review mails, an administrator's licence decision, a resource's approval.
// Each is recorded in the write's transaction: a failure after the commit (the database refusing notifications, the
// mail server refusing mail) answers the write's success, loses nothing, and the next poll delivers once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { mentionMarkup } from '../../common/mentions.ts';
import { ReportPage } from '../../common/moderation.ts';
import { RESOURCE_CATEGORIES } from '../../common/options.ts';
import { queryRows } from '../db/client.ts';
import type { Mail, Mailer } from '../lib/mail.ts';
import { createTestContext, type TestContext } from '../test/harness.ts';
import { createAdmin, createUser, type TestUser } from '../test/factories.ts';
import { caller } from '../test/http.ts';

/** A mail server that can be made to refuse: what it accepted is in `sent`. */
function refusableMailer(): Mailer & { sent: Mail[]; refusing: boolean } {
  return {
    sent: [],
    refusing: false,
    async send(mail) {
      if (this.refusing) throw new Error('mail refused by the test');
      this.sent.push(mail);
    },
  };
}

let ctx: TestContext;
const mailer = refusableMailer();
const call = caller(() => ctx.app);

beforeAll(async () => {
  ctx = await createTestContext({ mailer });
  await ctx.db.execute(sql`CREATE FUNCTION refuse_notifications() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN RAISE EXCEPTION 'notifications refused by the test'; END $$`);
});
afterAll(() => ctx.close());

/** While `work` runs, storing a notification and sending a mail fail (a blip after the write's commit). */
async function withDeliveryRefused<T>(work: () => Promise<T>): Promise<T> {
  await ctx.db.execute(sql`CREATE TRIGGER refuse_notifications BEFORE INSERT ON notifications
    FOR EACH STATEMENT EXECUTE FUNCTION refuse_notifications()`);
  mailer.refusing = true;
  try {
    return await work();
  } finally {
    mailer.refusing = false;
    await ctx.db.execute(sql`DROP TRIGGER refuse_notifications ON notifications`);
  }
}

type Waiting = { id: string; name: string; payload: unknown };
const waitingEvents = () => queryRows<Waiting>(ctx.db, sql`
  SELECT id, name, payload FROM jobs WHERE name LIKE 'event:%' ORDER BY created_at`);
const noticesFor = (userId: string) => queryRows<{ type: string; target_id: string }>(ctx.db, sql`
  SELECT type, target_id FROM notifications WHERE user_id = ${userId} ORDER BY created_at`);
const mailsTo = (email: string) => mailer.sent.filter((m) => m.to === email);
/** The poller's next turn: after the first retry's backoff (30 s). */
const nextPoll = () => ctx.app.jobs.runDue(new Date(Date.now() + 60_000));

/** Delivers an event again, as when a node delivered it and died before it could mark it done. */
async function deliverAgain(event: Waiting) {
  await ctx.db.execute(sql`INSERT INTO jobs (id, name, payload, run_at)
    VALUES (${event.id}, ${event.name}, ${JSON.stringify(event.payload)}::jsonb, ${new Date().toISOString()})`);
  expect(await ctx.app.jobs.runDue()).toBeGreaterThanOrEqual(1);
}

async function newPost(author: TestUser, content = 'Nobody mentioned yet.') {
  const { status, body } = await call('POST', '/api/forumPosts', author, { title: 'Outbox edits', content });
  expect(status).toBe(201);
  return body._id as string;
}

describe('notices and mails through the outbox', () => {
  it('an edit that newly mentions a member while notifications fail answers 200; the next poll tells them once', async () => {
    const [author, named] = await Promise.all([createUser(ctx.db), createUser(ctx.db)]);
    const postId = await newPost(author);
    const content = `Thoughts, ${mentionMarkup(named.name, named.id)}?`;
    const edited = await withDeliveryRefused(() => call('PUT', `/api/forumPosts/${postId}`, author, { title: 'Outbox edits', content }));
    expect(edited.status).toBe(200);
    expect(await noticesFor(named.id)).toEqual([]);
    const [event] = await waitingEvents();
    expect(event).toMatchObject({ name: 'event:forums.postEdited', payload: { postId, mentioned: [named.id] } });
    // Ids only: never the post's text.
    expect(JSON.stringify(event.payload)).not.toContain('Thoughts');

    await nextPoll();
    expect(await noticesFor(named.id)).toEqual([{ type: 'mention', target_id: postId }]);
    await deliverAgain(event);
    expect(await noticesFor(named.id)).toEqual([{ type: 'mention', target_id: postId }]);
    // Mentioned before: a further edit records nothing to tell.
    expect((await call('PUT', `/api/forumPosts/${postId}`, author, { title: 'Outbox edits', content: `${content} Again.` })).status).toBe(200);
    expect(await waitingEvents()).toEqual([]);
  });

  it("a comment edit's new mention goes through the outbox too", async () => {
    const [author, named] = await Promise.all([createUser(ctx.db), createUser(ctx.db)]);
    const postId = await newPost(author);
    const added = await call('POST', `/api/forumPosts/${postId}/comments`, author, { content: 'First thoughts.' });
    const commentId = added.body._id as string;
    const edited = await withDeliveryRefused(() =>
      call('PUT', `/api/forumPosts/comments/${commentId}`, author, { content: `Also ${mentionMarkup(named.name, named.id)}` }));
    expect(edited.status).toBe(200);
    const [event] = await waitingEvents();
    expect(event).toMatchObject({ name: 'event:forums.commentEdited', payload: { commentId, mentioned: [named.id] } });
    await nextPoll();
    expect(await noticesFor(named.id)).toEqual([{ type: 'mention', target_id: commentId }]);
  });

  it("a review's mails, refused by the mail server, answer 200 and go at the next poll, one each", async () => {
    const [admin, author, reporter] = await Promise.all([createAdmin(ctx.db), createUser(ctx.db), createUser(ctx.db)]);
    const postId = await newPost(author);
    expect((await call('POST', '/api/reports', reporter, { targetType: 'post', targetId: postId, reason: 'spam' })).status).toBe(201);
    const item = ReportPage.parse((await call('GET', '/api/admin/reports', admin)).body).items.find((i) => i.targetId === postId)!;
    const reviewed = await withDeliveryRefused(() => call('PATCH', `/api/admin/reports/${item._id}`, admin, { action: 'warn', note: 'Be kind' }));
    expect(reviewed.status).toBe(200);
    expect([...mailsTo(author.email), ...mailsTo(reporter.email)]).toEqual([]);
    expect((await waitingEvents()).map((e) => e.name)).toEqual(['event:mail', 'event:mail']);

    await nextPoll();
    expect(mailsTo(reporter.email).map((m) => m.subject)).toEqual(['Your report was reviewed']);
    expect(mailsTo(author.email).map((m) => m.subject)).toEqual(['A warning from the Thera Root moderators']);
    expect(await waitingEvents()).toEqual([]);
  });

  it('a licence decision stores its notice and mail with the decision: a failure after it loses neither, a second delivery adds no notice', async () => {
    const [admin, member] = await Promise.all([createAdmin(ctx.db), createUser(ctx.db, { status: 'pending' })]);
    const decided = await withDeliveryRefused(() =>
      call('PATCH', `/api/admin/verifications/${member.id}`, admin, { approved: true }));
    expect(decided.status).toBe(200);
    expect(await noticesFor(member.id)).toEqual([]);
    const events = await waitingEvents();
    expect(events.map((e) => e.name).sort()).toEqual(['event:mail', 'event:notice']);

    await nextPoll();
    expect((await noticesFor(member.id)).map((n) => n.type)).toEqual(['licenceVerified']);
    expect(mailsTo(member.email).map((m) => m.subject)).toEqual(['Your Thera Root licence is verified']);
    await deliverAgain(events.find((e) => e.name === 'event:notice')!);
    expect((await noticesFor(member.id)).map((n) => n.type)).toEqual(['licenceVerified']);
  });

  it('a declined resource tells its submitter at the next poll, though the resource is gone', async () => {
    const [admin, submitter] = await Promise.all([createAdmin(ctx.db), createUser(ctx.db)]);
    const submitted = await call('POST', '/api/resources', submitter, {
      title: 'Grounding exercises', description: 'A short guide.', link: 'https://example.org/grounding', category: RESOURCE_CATEGORIES[0],
    });
    expect(submitted.status).toBe(201);
    const removed = await withDeliveryRefused(() => call('DELETE', `/api/resources/${submitted.body.resource._id}`, admin));
    expect(removed.status).toBeLessThan(300);
    expect(await noticesFor(submitter.id)).toEqual([]);
    await nextPoll();
    expect((await noticesFor(submitter.id)).map((n) => n.type)).toEqual(['resourceDeclined']);
  });
});
