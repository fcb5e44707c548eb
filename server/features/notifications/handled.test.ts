// Notifications know what the member already handled: opening the post or the referral they point to reads them on
// every device (the bell's count reaches each socket), and the "still unread 10 minutes later" email, checked when it
// would go, leaves out what was read or acted on meanwhile (answered, closed, commented on), even by an API client
// that never opened anything. Real SMTP on loopback, real sockets.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createMailer } from '../../lib/mail.ts';
import { baseUrl, createTestContext, type TestContext } from '../../test/harness.ts';
import { createCommunity, createUser, type TestUser } from '../../test/factories.ts';
import { caller } from '../../test/http.ts';
import { connectClient, waitFor, type ChatClient } from '../../test/sockets.ts';
import { startSmtpSink, type SmtpSink } from '../../test/smtp.ts';

const MINUTE = 60_000;
/** A referral's needs, with a note that names no one (the referral feature's own tests have theirs). */
const NEEDS = { ageGroup: 'Teen', concerns: ['Anxiety'], sessionFormats: ['Online'], region: 'ON', urgency: 'soon', note: 'Teen with panic attacks' };
let ctx: TestContext;
let smtp: SmtpSink;
const call = caller(() => ctx.app);
let ana: TestUser, ben: TestUser, cai: TestUser;
let communityId: string;
const sockets: ChatClient[] = [];

beforeAll(async () => {
  smtp = await startSmtpSink();
  ctx = await createTestContext({ listen: true, mailer: createMailer({ smtpUrl: smtp.url, from: 'Thera Root <no-reply@thera-root.test>', outboxDir: '/nonexistent' }) });
  [ana, ben, cai] = await Promise.all(['Ana Okafor', 'Ben Mensah', 'Cai Lindqvist'].map((name) => createUser(ctx.db, {
    name, demographics: ['Teen'], specialties: ['Anxiety'], sessionFormat: ['Online'], licensedRegions: ['ON'], acceptingClients: 'accepting',
  })));
  communityId = (await createCommunity(ctx.db, { name: 'Trauma-Informed Care' }, [ana.id, ben.id, cai.id])).id;
});
afterAll(async () => {
  sockets.forEach((s) => s.disconnect());
  await ctx.close();
  await smtp.close();
});
beforeEach(async () => {
  sockets.splice(0).forEach((s) => s.disconnect());
  await ctx.app.jobs.settled();
  for (const table of ['posts', 'referrals', 'notifications', 'jobs']) await ctx.db.execute(sql.raw(`DELETE FROM ${table}`));
  smtp.clear();
});

const later = (minutes: number) => new Date(Date.now() + minutes * MINUTE);
const runAt = async (when: Date) => {
  await ctx.app.jobs.settled();
  await ctx.app.jobs.runDue(when);
};
const unread = async (user: TestUser) => (await call('GET', '/api/notifications/unread-count', user)).body.count as number;
const readAbout = (user: TestUser, kind: string, id: string) => call('POST', '/api/notifications/read', user, { about: { kind, id } });

async function referralTo(sender: TestUser, recipient: TestUser): Promise<string> {
  const res = await call('POST', '/api/referrals', sender, { ...NEEDS, recipientIds: [recipient.id] });
  expect(res.status).toBe(201);
  return res.body._id;
}
async function postWithReply(author: TestUser, replier: TestUser): Promise<string> {
  const post = await call('POST', '/api/forumPosts', author, { title: 'EMDR pacing', content: 'How do you pace it?', communityId });
  expect(post.status).toBe(201);
  expect((await call('POST', `/api/forumPosts/${post.body._id}/comments`, replier, { content: 'Slowly.' })).status).toBe(201);
  return post.body._id;
}
async function device(user: TestUser): Promise<ChatClient> {
  const socket = await connectClient(baseUrl(ctx), user.token);
  sockets.push(socket);
  return socket;
}

describe('opening what a notification points to reads it', () => {
  it('opening a referral reads its notification on every device of the member, and no email follows', async () => {
    const referralId = await referralTo(ana, ben);
    expect(await unread(ben)).toBe(1);
    const [phone, laptop] = [await device(ben), await device(ben)];
    const res = await readAbout(ben, 'referral', referralId);
    expect(res).toEqual({ status: 200, body: { count: 0 } });
    for (const socket of [phone, laptop]) expect(await waitFor(socket, 'notificationCount', (e) => e.unreadCount === 0)).toEqual({ unreadCount: 0 });
    await runAt(later(11));
    expect(smtp.to(ben.email)).toEqual([]);
  });

  it('opening a post reads the items about it and leaves those of other posts unread', async () => {
    const postId = await postWithReply(ana, ben);
    const otherPost = await postWithReply(ana, cai);
    expect(await unread(ana)).toBe(2);
    expect((await readAbout(ana, 'post', postId)).body).toEqual({ count: 1 });
    await runAt(later(11));
    const mails = smtp.to(ana.email);
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe('Cai Lindqvist replied to your post in Trauma-Informed Care on Thera Root');
    expect(mails[0].body).toContain(`/post/${otherPost}`);
  });

  it('reads only the caller\'s own items: another member opening the same referral changes nothing of theirs', async () => {
    const referralId = await referralTo(ana, ben);
    expect((await readAbout(cai, 'referral', referralId))).toEqual({ status: 200, body: { count: 0 } });
    expect(await unread(ben)).toBe(1);
  });

  it('refuses what is not a post or a referral, or not an id, with a 400 naming it', async () => {
    for (const about of [{ kind: 'conversation', id: ana.id }, { kind: 'post', id: 'nope' }, { kind: 'post' }]) {
      const res = await call('POST', '/api/notifications/read', ana, { about });
      expect(res.status).toBe(400);
      expect(res.body.msg).toEqual(expect.any(String));
    }
  });

  it('is for members only: a visitor gets 401', async () => {
    expect((await call('POST', '/api/notifications/read', undefined, { about: { kind: 'post', id: ana.id } })).status).toBe(401);
  });
});

describe('the email leaves out what was acted on meanwhile, checked when it would go', () => {
  it('a referral the recipient answered through the API (never opening the bell) is not emailed', async () => {
    const referralId = await referralTo(ana, ben);
    expect((await call('PATCH', `/api/referrals/${referralId}`, ben, { response: 'accepted' })).status).toBe(200);
    await runAt(later(11));
    expect(smtp.to(ben.email)).toEqual([]);
    // The sender still hears of the answer: only what the member did is left out.
    expect(smtp.to(ana.email).map((m) => m.subject)).toEqual([expect.stringContaining('Ben Mensah')]);
  });

  it('an answer the sender has since closed (marked placed) is not emailed', async () => {
    const referralId = await referralTo(ana, ben);
    expect((await call('PATCH', `/api/referrals/${referralId}`, ben, { response: 'accepted' })).status).toBe(200);
    expect((await call('PATCH', `/api/referrals/${referralId}`, ana, { status: 'placed' })).status).toBe(200);
    await runAt(later(11));
    expect(smtp.to(ana.email)).toEqual([]);
  });

  it('a reply on a post the author has since commented on is not emailed', async () => {
    const postId = await postWithReply(ana, ben);
    expect((await call('POST', `/api/forumPosts/${postId}/comments`, ana, { content: 'Thanks.' })).status).toBe(201);
    await runAt(later(11));
    expect(smtp.to(ana.email)).toEqual([]);
  });
});
