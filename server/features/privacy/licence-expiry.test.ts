// Licence expiry with a controlled clock — reminders 30 and 7 days before, back to pending at expiry.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema.ts';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { caller } from '../../test/http.ts';
import { createUser, type TestUser } from '../../test/factories.ts';
import { mailIn } from '../../test/mail.ts';
import { runLicenceExpiry, type ExpiryContext } from './licence-expiry.ts';

let ctx: TestContext;
let job: ExpiryContext;
const ended: string[] = [];
const forgotten: string[] = [];
const call = caller(() => ctx.app);
const at = (day: string) => new Date(`${day}T06:00:00Z`);
const statusOf = async (id: string) => (await ctx.db.select({ s: users.verificationStatus }).from(users).where(eq(users.id, id)))[0].s;
const mailsTo = (to: string) => import('node:fs').then((fs) => (fs.existsSync(ctx.outboxDir) ? fs.readdirSync(ctx.outboxDir) : [])
  .filter((f) => fs.readFileSync(`${ctx.outboxDir}/${f}`, 'utf8').includes(to)).length);

beforeAll(async () => {
  ctx = await createTestContext();
  // The app's job queue, whose mail events go to the test's outbox; the socket and cache calls are recorded (sockets
  // ending is the chat's own test).
  job = {
    db: ctx.db, jobs: ctx.app.jobs,
    realtime: { endUser: (id) => void ended.push(id) }, caches: { publish: (event) => void forgotten.push(event.type) },
  };
});
afterAll(async () => {
  await ctx?.close();
});

describe('runLicenceExpiry(ctx, now)', () => {
  let member: TestUser;
  beforeAll(async () => {
    await ctx.db.execute(sql`UPDATE users SET licence_expires_on = NULL`);
    member = await createUser(ctx.db, { licenceExpiresOn: '2027-03-31' });
  });

  it('does nothing more than 30 days before', async () => {
    expect(await runLicenceExpiry(job, at('2027-02-28'))).toEqual({ reminded30: 0, reminded7: 0, lapsed: 0 });
  });

  it('30 days before: one email and the dashboard notice, once', async () => {
    expect(await runLicenceExpiry(job, at('2027-03-01'))).toEqual({ reminded30: 1, reminded7: 0, lapsed: 0 });
    expect(await mailIn(ctx.outboxDir, member.email, /Your licence expires on 2027-03-31/)).toContain('/dashboard');
    expect(await runLicenceExpiry(job, at('2027-03-02'))).toEqual({ reminded30: 0, reminded7: 0, lapsed: 0 });
    expect(await mailsTo(member.email)).toBe(1);
  });

  it('7 days before: a second email, once', async () => {
    expect(await runLicenceExpiry(job, at('2027-03-23'))).toEqual({ reminded30: 0, reminded7: 0, lapsed: 0 });
    expect(await runLicenceExpiry(job, at('2027-03-24'))).toEqual({ reminded30: 0, reminded7: 1, lapsed: 0 });
    expect(await runLicenceExpiry(job, at('2027-03-25'))).toEqual({ reminded30: 0, reminded7: 0, lapsed: 0 });
    expect(await mailsTo(member.email)).toBe(2);
  });

  it('still valid on the expiry day; pending the day after, with its sockets ended and the pending rules', async () => {
    expect(await runLicenceExpiry(job, at('2027-03-31'))).toEqual({ reminded30: 0, reminded7: 0, lapsed: 0 });
    expect(await statusOf(member.id)).toBe('verified');
    expect(await runLicenceExpiry(job, at('2027-04-01'))).toEqual({ reminded30: 0, reminded7: 0, lapsed: 1 });
    expect(await statusOf(member.id)).toBe('pending');
    expect(ended).toContain(member.id);
    expect(forgotten).toContain('directory.changed');
    await mailIn(ctx.outboxDir, member.email, /Your licence has expired/);
    expect((await call('GET', '/api/forumPosts/feed', member)).body).toMatchObject({ code: 'NOT_VERIFIED' });
    expect(await runLicenceExpiry(job, at('2027-04-02'))).toEqual({ reminded30: 0, reminded7: 0, lapsed: 0 });
  });

  it('the renewed licence goes to the queue as a renewal; its new date starts the reminders over', async () => {
    const renewed = await call('PUT', '/api/users/me/licence', member, {
      profession: 'Registered Psychotherapist', licenceNumber: 'CRPO-2', licensingBody: 'CRPO', region: 'ON', country: 'Canada',
      licenceExpiresOn: '2031-03-31',
    });
    expect(renewed.body.verificationStatus).toBe('pending');
    const [row] = await ctx.db.select().from(users).where(eq(users.id, member.id));
    expect(row).toMatchObject({ licenceExpiresOn: '2031-03-31', licenceExpiryNotice: null });
    expect(row.licenceLapsedAt).not.toBeNull();
    const queue = await call('GET', '/api/admin/verifications?limit=100', await createUser(ctx.db, { role: 'admin' }));
    expect(queue.body.users.find((u: { _id: string }) => u._id === member.id)).toMatchObject({ renewal: true, licenceExpiresOn: '2031-03-31' });
  });

  it('a reminder missed at 30 days (the job did not run) is the 7-day one when it next runs inside a week', async () => {
    const late = await createUser(ctx.db, { licenceExpiresOn: '2027-06-10' });
    expect(await runLicenceExpiry(job, at('2027-06-05'))).toMatchObject({ reminded7: 1, reminded30: 0 });
    expect(await mailsTo(late.email)).toBe(1);
  });

  it('leaves unknown dates (members from before) and administrators alone', async () => {
    const unknown = await createUser(ctx.db);
    const admin = await createUser(ctx.db, { role: 'admin', licenceExpiresOn: '2027-01-01' });
    await runLicenceExpiry(job, at('2028-01-01'));
    expect(await statusOf(unknown.id)).toBe('verified');
    expect(await statusOf(admin.id)).toBe('verified');
  });
});

describe('the daily job on the queue', () => {
  it('runs the expiry check when it is due', async () => {
    const member = await createUser(ctx.db, { licenceExpiresOn: '2035-01-01' });
    await ctx.app.jobs.runDue(new Date('2035-01-03T07:00:00Z'));
    expect(await statusOf(member.id)).toBe('pending');
    await mailIn(ctx.outboxDir, member.email, /Your licence has expired/);
  });
});

describe('GET /api/users/me/licence-expiry', () => {
  it('tells the dashboard the date and the days left; unknown is null; a visitor hears 401', async () => {
    const soon = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
    const member = await createUser(ctx.db, { licenceExpiresOn: soon });
    expect((await call('GET', '/api/users/me/licence-expiry', member)).body).toEqual({ licenceExpiresOn: soon, daysLeft: 10, lapsed: false });
    const unknown = await createUser(ctx.db);
    expect((await call('GET', '/api/users/me/licence-expiry', unknown)).body).toEqual({ licenceExpiresOn: null, daysLeft: null, lapsed: false });
    expect((await call('GET', '/api/users/me/licence-expiry')).status).toBe(401);
  });

  it('says lapsed to a member back in the queue after expiry', async () => {
    const member = await createUser(ctx.db, { status: 'pending', licenceExpiresOn: '2026-01-01', licenceLapsedAt: new Date() });
    expect((await call('GET', '/api/users/me/licence-expiry', member)).body).toMatchObject({ lapsed: true });
  });
});
