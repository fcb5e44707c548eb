// The account's mails through the outbox (docs/decisions/0400-account-mails-through-the-outbox.md), over SMTP to a real
// server on loopback: a mail server down at the moment of the change loses no mail, a change that rolls back sends
// none, and an event delivered twice sends its mail once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { TEXTS } from '../../../common/security.ts';
import { FORGOT_SUCCESS } from '../../../common/accounts.ts';
import { queryRows } from '../../db/client.ts';
import { createMailer, type Mailer } from '../../lib/mail.ts';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { caller } from '../../test/http.ts';
import { createUser, TEST_PASSWORD, type TestUser } from '../../test/factories.ts';
import { startLoopbackSmtp, type LoopbackSmtp } from '../../test/loopback-smtp.ts';
import { startSmtpSink } from '../../test/smtp.ts';

let ctx: TestContext;
let smtp: LoopbackSmtp;
/** The SMTP transport to a loopback port nobody listens on any more: every mail is refused (connection refused). */
let downMailer: Mailer;
let serverDown = false;
/** The app's mailer: the loopback server, or the one that is down while `serverDown`. */
const mailer: Mailer = { send: (mail) => (serverDown ? downMailer : smtp.mailer).send(mail) };
const call = caller(() => ctx.app);

beforeAll(async () => {
  smtp = await startLoopbackSmtp();
  const gone = await startSmtpSink();
  await gone.close();
  downMailer = createMailer({ smtpUrl: gone.url, from: 'Thera Root <no-reply@thera-root.test>', outboxDir: '' });
  ctx = await createTestContext({ mailer });
});
afterAll(async () => {
  await ctx.close();
  await smtp.close();
});

type Waiting = { id: string; payload: Record<string, unknown>; attempts: number };
const waitingMails = () => queryRows<Waiting>(ctx.db, sql`
  SELECT id, payload, attempts FROM jobs WHERE name = 'event:account.mail' ORDER BY created_at`);
const mailsTo = (email: string) => smtp.received.filter((m) => m.to.toLowerCase() === email.toLowerCase());
/** The poller's next turn: after the first retry's backoff (30 s). */
const nextPoll = () => ctx.app.jobs.runDue(new Date(Date.now() + 60_000));

/** While `work` runs (and the deliveries it started), the mail server refuses every connection. */
async function withMailServerDown<T>(work: () => Promise<T>): Promise<T> {
  serverDown = true;
  try {
    const result = await work();
    await ctx.app.jobs.settled();
    return result;
  } finally {
    serverDown = false;
  }
}

const changePassword = (user: TestUser, newPassword: string) =>
  call('POST', '/api/users/me/password', user, { currentPassword: TEST_PASSWORD, newPassword });
const signIn = (email: string, password: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/users/login', payload: { email, password } }).then((r) => r.statusCode);

describe('account mails through the outbox', () => {
  it('a password changed while the mail server is down: the change holds, the notice waits and arrives at the retry', async () => {
    const user = await createUser(ctx.db);
    const newPassword = 'a-new-and-long-passphrase-41';
    const changed = await withMailServerDown(() => changePassword(user, newPassword));
    expect(changed).toEqual({ status: 200, body: { msg: TEXTS.passwordChanged } });
    expect(await signIn(user.email, newPassword)).toBe(200);
    expect(mailsTo(user.email)).toEqual([]);
    const [event] = await waitingMails();
    expect(event).toMatchObject({ attempts: 1, payload: { kind: 'accounts.passwordChanged', userId: user.id, to: user.email, locale: 'en' } });
    // The kind and its values, never the password.
    expect(JSON.stringify(event.payload)).not.toContain(newPassword);

    await nextPoll();
    expect(mailsTo(user.email).map((m) => m.subject)).toEqual(['Your Thera Root password was changed']);
    expect(mailsTo(user.email)[0].body).toContain('/forgot-password');
    expect(await waitingMails()).toEqual([]);
  });

  it('a reset asked for while the mail server is down: the link is mailed at the retry, sealed until then, and works', async () => {
    const user = await createUser(ctx.db);
    const asked = await withMailServerDown(() => call('POST', '/api/users/forgot-password', undefined, { email: user.email }));
    expect(asked).toEqual({ status: 200, body: { msg: FORGOT_SUCCESS } });
    expect(mailsTo(user.email)).toEqual([]);
    const [event] = await waitingMails();
    expect(event.payload).toMatchObject({ kind: 'accounts.reset', userId: user.id });
    expect(event.payload.sealedToken).toMatch(/^e1:/);

    await nextPoll();
    const [mail] = mailsTo(user.email);
    expect(mail.subject).toBe('Reset your Thera Root password');
    const token = /reset-password\/([A-Za-z0-9_-]+)/.exec(mail.body)?.[1] ?? '';
    expect(token).not.toBe('');
    // Only the mail holds the token: the event kept it sealed.
    expect(JSON.stringify(event.payload)).not.toContain(token);
    const reset = await call('POST', `/api/users/reset-password/${token}`, undefined, { password: 'another-long-passphrase-42' });
    expect(reset.status).toBe(200);
  });

  it('a change that rolls back after its mail was recorded sends no mail', async () => {
    const user = await createUser(ctx.db);
    // The database refuses the commit itself (a deferred check), after every statement of the change ran.
    await ctx.db.execute(sql`CREATE FUNCTION refuse_commit() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'commit refused by the test'; END $$`);
    await ctx.db.execute(sql`CREATE CONSTRAINT TRIGGER refuse_commit AFTER UPDATE ON users DEFERRABLE INITIALLY DEFERRED
      FOR EACH ROW EXECUTE FUNCTION refuse_commit()`);
    try {
      expect((await changePassword(user, 'a-password-never-kept-43')).status).toBe(500);
    } finally {
      await ctx.db.execute(sql`DROP TRIGGER refuse_commit ON users`);
      await ctx.db.execute(sql`DROP FUNCTION refuse_commit()`);
    }
    await ctx.app.jobs.settled();
    await nextPoll();
    expect(await signIn(user.email, TEST_PASSWORD)).toBe(200);
    expect(await waitingMails()).toEqual([]);
    expect(mailsTo(user.email)).toEqual([]);
  });

  it('an event delivered again after its mail went (its row not removed) sends nothing more', async () => {
    const user = await createUser(ctx.db);
    // The first delivery sends the mail, then cannot remove its row (a database blip, a node stopping).
    await ctx.db.execute(sql`CREATE FUNCTION keep_jobs() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'delete refused by the test'; END $$`);
    await ctx.db.execute(sql`CREATE TRIGGER keep_jobs BEFORE DELETE ON jobs FOR EACH ROW EXECUTE FUNCTION keep_jobs()`);
    try {
      expect((await changePassword(user, 'a-third-long-passphrase-44')).status).toBe(200);
      await ctx.app.jobs.settled();
    } finally {
      await ctx.db.execute(sql`DROP TRIGGER keep_jobs ON jobs`);
      await ctx.db.execute(sql`DROP FUNCTION keep_jobs()`);
    }
    expect(mailsTo(user.email)).toHaveLength(1);
    const [event] = await waitingMails();
    expect(event.payload.sentAt).toEqual(expect.any(String));

    await nextPoll();
    expect(mailsTo(user.email)).toHaveLength(1);
    expect(await waitingMails()).toEqual([]);
  });
});
