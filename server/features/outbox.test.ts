// The outbox (server/lib/outbox.ts): a write's notifications are recorded in its transaction and delivered after it;
// a delivery that fails loses nothing (the next poll delivers it, once), and a second delivery of an event adds nothing.
// The failure is a real one: a trigger makes the database refuse notifications while it stands.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../db/client.ts';
import { baseUrl, createTestContext, type TestContext } from '../test/harness.ts';
import { connectClient, waitFor } from '../test/sockets.ts';
import { createUser, type TestUser } from '../test/factories.ts';
import { caller } from '../test/http.ts';
import { NEEDS } from './referrals/test-helpers.ts';

let ctx: TestContext;
const call = caller(() => ctx.app);

beforeAll(async () => {
  ctx = await createTestContext({ listen: true });
  await ctx.db.execute(sql`CREATE FUNCTION refuse_notifications() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN RAISE EXCEPTION 'notifications refused by the test'; END $$`);
});
afterAll(() => ctx.close());

/** While `work` runs, storing a notification fails (a database blip at the delivery step). */
async function withNotificationsRefused<T>(work: () => Promise<T>): Promise<T> {
  await ctx.db.execute(sql`CREATE TRIGGER refuse_notifications BEFORE INSERT ON notifications
    FOR EACH STATEMENT EXECUTE FUNCTION refuse_notifications()`);
  try {
    return await work();
  } finally {
    await ctx.db.execute(sql`DROP TRIGGER refuse_notifications ON notifications`);
  }
}

const noticesOf = (targetId: string) => queryRows<{ user_id: string; type: string }>(ctx.db, sql`
  SELECT user_id, type FROM notifications WHERE target_id = ${targetId} ORDER BY type, user_id`);
const waitingEvents = () => queryRows<{ id: string; name: string; payload: unknown; attempts: number; last_error: string | null }>(ctx.db, sql`
  SELECT id, name, payload, attempts, last_error FROM jobs WHERE name LIKE 'event:%' ORDER BY created_at`);
/** The poller's next turn: after the first retry's backoff (30 s). */
const nextPoll = () => ctx.app.jobs.runDue(new Date(Date.now() + 60_000));

/** Delivers an event again, as when a node delivered it and died before it could mark it done. */
async function deliverAgain(event: { id: string; name: string; payload: unknown }) {
  await ctx.db.execute(sql`INSERT INTO jobs (id, name, payload, run_at)
    VALUES (${event.id}, ${event.name}, ${JSON.stringify(event.payload)}::jsonb, ${new Date().toISOString()})`);
  expect(await ctx.app.jobs.runDue()).toBeGreaterThanOrEqual(1);
}

async function newPost(author: TestUser) {
  const { status, body } = await call('POST', '/api/forumPosts', author, { title: 'Outbox', content: 'A post to comment on.' });
  expect(status).toBe(201);
  return body._id as string;
}

describe('side effects through the outbox', () => {
  it('a referral stored while notifications fail answers 201, and the next poll tells each recipient once', async () => {
    const [sender, a, b] = await Promise.all([createUser(ctx.db), createUser(ctx.db), createUser(ctx.db)]);
    const sent = await withNotificationsRefused(() => call('POST', '/api/referrals', sender, { ...NEEDS, recipientIds: [a.id, b.id] }));
    expect(sent.status).toBe(201);
    const id = sent.body._id as string;
    expect(await noticesOf(id)).toEqual([]);
    const [event] = await waitingEvents();
    expect(event).toMatchObject({ name: 'event:referrals.notice', attempts: 1 });
    // The query's SQLSTATE (raise_exception), never its SQL or parameters.
    expect(event.last_error).toContain('P0001');
    expect(event.last_error).not.toContain('notifications');
    // The member's text never goes into the event.
    expect(JSON.stringify(event.payload)).not.toContain(NEEDS.note);

    await nextPoll();
    const told = [['referralReceived', a.id], ['referralReceived', b.id]].sort((x, y) => x[1].localeCompare(y[1]));
    expect((await noticesOf(id)).map((n) => [n.type, n.user_id])).toEqual(told);
    expect(await waitingEvents()).toEqual([]);
    await nextPoll();
    await deliverAgain(event);
    expect((await noticesOf(id)).map((n) => [n.type, n.user_id])).toEqual(told);
  });

  it('a comment stored while notifications fail answers 201, and the next poll tells the post author once', async () => {
    const [author, commenter] = await Promise.all([createUser(ctx.db), createUser(ctx.db)]);
    const postId = await newPost(author);
    const added = await withNotificationsRefused(() => call('POST', `/api/forumPosts/${postId}/comments`, commenter, { content: 'Thanks' }));
    expect(added.status).toBe(201);
    const commentId = added.body._id as string;
    expect(await noticesOf(commentId)).toEqual([]);
    const [event] = await waitingEvents();
    expect(event).toMatchObject({ name: 'event:forums.commentCreated', attempts: 1 });
    expect(JSON.stringify(event.payload)).not.toContain('Thanks');

    await nextPoll();
    expect(await noticesOf(commentId)).toEqual([{ user_id: author.id, type: 'postReply' }]);
    await deliverAgain(event);
    await ctx.app.jobs.settled();
    expect(await noticesOf(commentId)).toEqual([{ user_id: author.id, type: 'postReply' }]);
  });

  it('without a failure, the notification exists when the answer arrives and no event is left waiting', async () => {
    const [sender, recipient] = await Promise.all([createUser(ctx.db), createUser(ctx.db)]);
    const { body } = await call('POST', '/api/referrals', sender, { ...NEEDS, recipientIds: [recipient.id] });
    expect(await noticesOf(body._id)).toEqual([{ user_id: recipient.id, type: 'referralReceived' }]);
    expect(await waitingEvents()).toEqual([]);
  });

  it("tells the member's device while the request is answered, with no poll (the poller is off in tests)", async () => {
    const [author, commenter] = await Promise.all([createUser(ctx.db), createUser(ctx.db)]);
    const postId = await newPost(author);
    const device = await connectClient(baseUrl(ctx), author.token);
    try {
      const sent = performance.now();
      const answer = call('POST', `/api/forumPosts/${postId}/comments`, commenter, { content: 'Live' })
        .then((res) => ({ ...res, ms: performance.now() - sent }));
      const live = await waitFor(device, 'notification', (e) => e.notification.type === 'postReply');
      const liveMs = performance.now() - sent;
      const { body, ms } = await answer;
      expect(live.notification.target._id).toBe(body._id);
      console.info(`outbox: live notification ${Math.round(liveMs)} ms after the request, answer ${Math.round(ms)} ms`);
    } finally {
      device.disconnect();
    }
  });

  it('a write that fails records no event', async () => {
    const member = await createUser(ctx.db);
    const missing = '00000000-0000-4000-8000-000000000000';
    expect((await call('POST', `/api/forumPosts/${missing}/comments`, member, { content: 'Hello' })).status).toBe(404);
    expect(await waitingEvents()).toEqual([]);
  });
});
