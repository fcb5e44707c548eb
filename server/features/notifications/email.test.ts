// Emails for what was missed, over real SMTP on loopback, with the job queue driven by a controlled clock: only when
// still unread 10 minutes later, batched, chat only when the recipient had no device connected, the daily digest at
// 08:00 in the member's time zone, one-click unsubscribe of exactly one type, never the text of a post or a message.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createMailer } from '../../lib/mail.ts';
import { baseUrl, createTestContext, type TestContext } from '../../test/harness.ts';
import { createCommunity, createUser, type TestUser } from '../../test/factories.ts';
import { caller } from '../../test/http.ts';
import { call as emit, connectClient, openConversation, type ChatClient } from '../../test/sockets.ts';
import { startSmtpSink, type ReceivedMail, type SmtpSink } from '../../test/smtp.ts';
import { DEFAULT_PREFERENCES } from '../../../common/notifications.ts';

const SECRET = 'Client disclosed SECRET-TEXT-4711';
const MINUTE = 60_000;
let ctx: TestContext;
let smtp: SmtpSink;
const call = caller(() => ctx.app);
let ana: TestUser, ben: TestUser, cai: TestUser;
let communityId: string;
const sockets: ChatClient[] = [];

beforeAll(async () => {
  smtp = await startSmtpSink();
  ctx = await createTestContext({ listen: true, mailer: createMailer({ smtpUrl: smtp.url, from: 'Thera Root <no-reply@thera-root.test>', outboxDir: '/nonexistent' }) });
  [ana, ben, cai] = await Promise.all(['Ana Okafor', 'Ben Mensah', 'Cai Lindqvist'].map((name) => createUser(ctx.db, { name })));
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
  for (const table of ['posts', 'notifications', 'notification_preferences', 'jobs', 'conversations']) await ctx.db.execute(sql.raw(`DELETE FROM ${table}`));
  await ctx.db.execute(sql`UPDATE users SET time_zone = NULL, digest_at = NULL`);
  smtp.clear();
});

const later = (minutes: number) => new Date(Date.now() + minutes * MINUTE);
const runAt = async (when: Date) => {
  await ctx.app.jobs.settled();
  await ctx.app.jobs.runDue(when);
};

async function postBy(author: TestUser): Promise<string> {
  const res = await call('POST', '/api/forumPosts', author, { title: 'EMDR pacing', content: SECRET, communityId });
  expect(res.status).toBe(201);
  return res.body._id;
}
async function commentOn(postId: string, author: TestUser): Promise<string> {
  const res = await call('POST', `/api/forumPosts/${postId}/comments`, author, { content: `${SECRET} (comment)` });
  expect(res.status).toBe(201);
  return res.body._id;
}
function expectContentFree(mail: ReceivedMail) {
  expect(mail.raw).not.toContain('SECRET-TEXT');
  expect(mail.headers.get('list-unsubscribe')).toMatch(/^<http:\/\/localhost:3000\/api\/notifications\/unsubscribe\?token=[\w.-]+>$/);
  expect(mail.headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
  expect(mail.body).toMatch(/http:\/\/localhost:3000\/unsubscribe\?token=[\w.-]+/);
}

describe('immediate emails', () => {
  it('sends one email 10 minutes later if still unread, naming who and where, never the text', async () => {
    const postId = await postBy(ana);
    await commentOn(postId, ben);
    await runAt(later(9));
    expect(smtp.mails).toEqual([]);
    await runAt(later(11));
    const [mail] = smtp.to(ana.email);
    expect(mail.subject).toBe('Ben Mensah replied to your post in Trauma-Informed Care on Thera Root');
    expect(mail.body).toContain(`http://localhost:3000/post/${postId}`);
    expectContentFree(mail);
    await runAt(later(30));
    expect(smtp.mails).toHaveLength(1);
  });

  it('sends nothing when the notification was read within the 10 minutes', async () => {
    const postId = await postBy(ana);
    await commentOn(postId, ben);
    await call('POST', '/api/notifications/read', ana, { all: true });
    await runAt(later(11));
    expect(smtp.mails).toEqual([]);
  });

  it('batches the notifications of the window into one email', async () => {
    const postId = await postBy(ana);
    await commentOn(postId, ben);
    await commentOn(postId, cai);
    await runAt(later(11));
    const mails = smtp.to(ana.email);
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe('2 new notifications on Thera Root');
    expect(mails[0].body).toContain('Ben Mensah replied to your post in Trauma-Informed Care');
    expect(mails[0].body).toContain('Cai Lindqvist replied to your post in Trauma-Informed Care');
    expectContentFree(mails[0]);
  });

  it('respects the preference: off sends nothing, daily waits for the digest', async () => {
    await call('PUT', '/api/notifications/preferences', ana, { types: { postReply: { inApp: true, email: 'off' } } });
    await call('PUT', '/api/notifications/preferences', ben, { types: { commentReply: { inApp: true, email: 'daily' } } });
    const postId = await postBy(ana);
    const benComment = await commentOn(postId, ben);
    await call('POST', `/api/forumPosts/comments/${benComment}/reply`, cai, { content: SECRET });
    await runAt(later(11));
    // Nothing goes at once. (When the 11 minutes cross an hour, the hourly digest round runs and Ben's 'daily' item
    // goes in his digest, where it belongs: the digest is the next tests' subject, so it is set aside here.)
    expect(smtp.mails.filter((m) => !m.subject.startsWith('Your Thera Root digest'))).toEqual([]);
  });
});

async function sendAsAna(conversationId: string) {
  const socket = await connectClient(baseUrl(ctx), ana.token);
  sockets.push(socket);
  const ack = await emit(socket, 'sendMessage', { conversationId, text: SECRET });
  expect(ack._id).toEqual(expect.any(String));
  return { socket, messageId: ack._id as string };
}

describe('chat emails', () => {
  it('emails an offline recipient 10 minutes later if the message is still unread, without its text', async () => {
    const conversationId = await openConversation(ctx, ana, ben);
    await sendAsAna(conversationId);
    await runAt(later(9));
    expect(smtp.to(ben.email)).toEqual([]);
    await runAt(later(11));
    const [mail] = smtp.to(ben.email);
    expect(mail.subject).toBe('Ana Okafor sent you a message on Thera Root');
    expect(mail.body).toContain(`http://localhost:3000/chat/${conversationId}`);
    expectContentFree(mail);
  });

  it('sends nothing when the recipient had a device connected when it arrived', async () => {
    const conversationId = await openConversation(ctx, ana, ben);
    const benDevice = await connectClient(baseUrl(ctx), ben.token);
    sockets.push(benDevice);
    await sendAsAna(conversationId);
    benDevice.disconnect();
    await runAt(later(11));
    expect(smtp.to(ben.email)).toEqual([]);
  });

  it('sends nothing when the sender unsent the message before it was read', async () => {
    const conversationId = await openConversation(ctx, ana, ben);
    const { socket, messageId } = await sendAsAna(conversationId);
    expect((await emit(socket, 'unsendMessage', { conversationId, messageId })).unsentAt).toEqual(expect.any(String));
    await runAt(later(11));
    expect(smtp.to(ben.email)).toEqual([]);
  });

  it('sends nothing when the message was read within the 10 minutes', async () => {
    const conversationId = await openConversation(ctx, ana, ben);
    await sendAsAna(conversationId);
    const benDevice = await connectClient(baseUrl(ctx), ben.token);
    sockets.push(benDevice);
    await emit(benDevice, 'messagesRead', { conversationId });
    await runAt(later(11));
    expect(smtp.to(ben.email)).toEqual([]);
  });
});

describe('the daily digest', () => {
  it('goes once a day at 08:00 in the member\'s time zone, with every daily item since the last', async () => {
    await call('PUT', '/api/notifications/preferences', ana, { types: { postReply: { inApp: true, email: 'daily' } }, timeZone: 'Asia/Tokyo' });
    const postId = await postBy(ana);
    await commentOn(postId, ben);
    await commentOn(postId, cai);
    // 08:00 in Tokyo is 23:00 UTC the day before; two days ahead keeps every moment here in the future.
    const day = new Date(Date.now() + 2 * 86_400_000);
    const utc = (hour: number, minute = 0) => new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate(), hour, minute));
    await runAt(utc(22, 30));
    expect(smtp.mails).toEqual([]);
    await runAt(utc(23));
    const mails = smtp.to(ana.email);
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe('Your Thera Root digest: 2 notifications');
    expect(mails[0].body).toContain('Cai Lindqvist replied to your post in Trauma-Informed Care');
    expectContentFree(mails[0]);
    await commentOn(postId, ben);
    await runAt(utc(23, 59));
    await runAt(new Date(utc(23).getTime() + 6 * 60 * MINUTE));
    expect(smtp.mails).toHaveLength(1); // the next one waits for tomorrow's 08:00
    await runAt(new Date(utc(23).getTime() + 24 * 60 * MINUTE));
    expect(smtp.to(ana.email)).toHaveLength(2);
    expect(smtp.to(ana.email)[1].subject).toBe('Your Thera Root digest: 1 notification');
  });
});

describe('missed chats set to daily', () => {
  it('go in the digest, named by sender with the count, never the text; read ones and the next day\'s old ones do not', async () => {
    await call('PUT', '/api/notifications/preferences', ben, { types: { chatMessage: { inApp: true, email: 'daily' } }, timeZone: 'UTC' });
    const withAna = await openConversation(ctx, ana, ben);
    await sendAsAna(withAna);
    await sendAsAna(withAna);
    // (Nothing goes at once for 'daily': the preference test above shows it.)
    const day = new Date(Date.now() + 2 * 86_400_000);
    const eightUtc = new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate(), 8));
    await runAt(eightUtc);
    const [mail] = smtp.to(ben.email);
    expect(mail.subject).toBe('Your Thera Root digest: 1 conversation with new messages');
    expect(mail.body).toContain(`- Ana Okafor sent you 2 messages: http://localhost:3000/chat/${withAna}`);
    expect(mail.body).toContain('Stop emails about "Chat messages I missed"');
    expectContentFree(mail);
    // Still unread the next day, but nothing new arrived since: no second digest about it.
    await runAt(new Date(eightUtc.getTime() + 24 * 60 * MINUTE));
    expect(smtp.to(ben.email)).toHaveLength(1);
  });
});

describe('one-click unsubscribe', () => {
  async function oneEmail(): Promise<string> {
    const postId = await postBy(ana);
    await commentOn(postId, ben);
    await runAt(later(11));
    const [mail] = smtp.to(ana.email);
    return /<(http[^>]+)>/.exec(mail.headers.get('list-unsubscribe')!)![1].replace('http://localhost:3000', '');
  }

  it('a POST without a session turns off exactly that type\'s email; GET only describes it', async () => {
    const url = await oneEmail();
    expect(await call('GET', url)).toEqual({ status: 200, body: { type: 'postReply', label: 'Replies to my posts' } });
    expect((await call('GET', '/api/notifications/preferences', ana)).body.types.postReply.email).toBe('immediate');
    const res = await ctx.app.inject({
      method: 'POST', url, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'List-Unsubscribe=One-Click',
    });
    expect(res.statusCode).toBe(200);
    const { types } = (await call('GET', '/api/notifications/preferences', ana)).body;
    expect(types).toEqual({ ...DEFAULT_PREFERENCES, postReply: { inApp: true, email: 'off', push: false } });
    expect(await call('POST', url)).toMatchObject({ status: 200 }); // again, and without a body: still fine
  });

  it('refuses a forged or altered token and changes nothing', async () => {
    const url = await oneEmail();
    const token = new URL(`http://x${url}`).searchParams.get('token')!;
    const [userId, , signature] = token.split('.');
    for (const bad of [`${userId}.mention.${signature}`, `${ben.id}.postReply.${signature}`, 'x', `${token}x`, `${userId}.postReply`]) {
      const res = await call('POST', `/api/notifications/unsubscribe?token=${encodeURIComponent(bad)}`);
      expect(res).toEqual({ status: 400, body: { msg: 'This unsubscribe link is not valid.', code: 'BAD_REQUEST' } });
    }
    expect((await call('GET', '/api/notifications/preferences', ana)).body.types).toEqual(DEFAULT_PREFERENCES);
    expect((await ctx.app.inject({ method: 'POST', url: '/api/users/login', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'a=b' })).statusCode).toBe(415);
  });
});
