// A referral's documents, for every role: a visitor, a pending member, the sender, the accepting recipient, a recipient
// who has not answered, one who declined, a stranger and an administrator. Only the sender and the accepting recipient
// list, attach and read; everybody else hears what they would hear of a referral they cannot see.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { referralRecipients, referrals } from '../../db/schema.ts';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { createAdmin, createUser, randomLetters, type TestUser } from '../../test/factories.ts';
import { download, uploadAs } from './test-helpers.ts';

let ctx: TestContext;
let sender: TestUser;
let taker: TestUser;
let unanswered: TestUser;
let decliner: TestUser;
let stranger: TestUser;
let admin: TestUser;
let pending: TestUser;
let referralId: string;

beforeAll(async () => {
  ctx = await createTestContext();
  [sender, taker, unanswered, decliner, stranger, admin] = await Promise.all([
    createUser(ctx.db), createUser(ctx.db), createUser(ctx.db), createUser(ctx.db), createUser(ctx.db), createAdmin(ctx.db),
  ]);
  pending = await createUser(ctx.db, { status: 'pending' });
  const [referral] = await ctx.db.insert(referrals).values({
    senderId: sender.id, ageGroup: 'Adult', concerns: ['Anxiety'], sessionFormats: ['Online'], region: 'ON', expiresAt: new Date(Date.now() + 86_400_000),
  }).returning();
  referralId = referral.id;
  const from = { referralId, senderId: sender.id, referralCreatedAt: referral.createdAt };
  await ctx.db.insert(referralRecipients).values([
    { ...from, recipientId: taker.id }, { ...from, recipientId: unanswered.id }, { ...from, recipientId: decliner.id, response: 'declined' },
  ]);
}, 120_000);
afterAll(() => ctx?.close());

const list = (user?: TestUser) => ctx.app.inject({ method: 'GET', url: `/api/referrals/${referralId}/files`, headers: user?.headers });
const attach = (user: TestUser | undefined, fileIds: string[]) =>
  ctx.app.inject({ method: 'POST', url: `/api/referrals/${referralId}/files`, headers: user?.headers, payload: { fileIds } });
const upload = async (user: TestUser) => (await uploadAs(ctx.app, user, 'intake.txt', Buffer.from(`Intake ${randomLetters()}`))).body._id;

describe('documents of a referral, by role', () => {
  it('before acceptance: the sender is told why not; recipients and others hear 404', async () => {
    const fileId = await upload(sender);
    const early = await attach(sender, [fileId]);
    expect(early.statusCode).toBe(409);
    expect(early.json().msg).toMatch(/accept/i);
    expect((await list(sender)).statusCode).toBe(409);
    for (const other of [taker, unanswered, decliner, stranger, admin]) expect((await list(other)).statusCode).toBe(404);
  });

  it('after acceptance: the sender and the accepting recipient attach and read each other\'s files', async () => {
    await ctx.db.update(referralRecipients).set({ response: 'accepted' }).where(sql`${referralRecipients.recipientId} = ${taker.id}`);
    const fromSender = await upload(sender);
    const fromTaker = await upload(taker);
    expect((await attach(sender, [fromSender])).statusCode).toBe(201);
    const both = await attach(taker, [fromTaker]);
    expect(both.statusCode, both.body).toBe(201);
    expect(both.json().files.map((f: { _id: string }) => f._id)).toEqual([fromSender, fromTaker]);
    expect((await list(sender)).json().files).toHaveLength(2);
    expect((await download(ctx.app, sender, fromTaker)).statusCode).toBe(200);
    expect((await download(ctx.app, taker, fromSender)).statusCode).toBe(200);
  });

  it('a visitor, a pending member, a recipient who has not answered or declined, a stranger and an administrator: nothing', async () => {
    const fileId = (await list(sender)).json().files[0]._id as string;
    expect((await list()).statusCode).toBe(401);
    expect((await download(ctx.app, undefined, fileId)).statusCode).toBe(401);
    expect((await list(pending)).statusCode).toBe(403);
    expect((await download(ctx.app, pending, fileId)).statusCode).toBe(403);
    for (const other of [unanswered, decliner, stranger, admin]) {
      expect((await list(other)).statusCode).toBe(404);
      expect((await download(ctx.app, other, fileId)).statusCode).toBe(404);
      expect((await ctx.app.inject({ method: 'GET', url: `/api/files/${fileId}/thumbnail`, headers: other.headers })).statusCode).toBe(404);
      // Their own file cannot be put on the referral either.
      expect((await attach(other, [await upload(other)])).statusCode).toBe(404);
    }
    expect((await list(sender)).json().files).toHaveLength(2);
  });

  it('only the owner attaches a file, once; a referral that does not exist is 404, a malformed id 400', async () => {
    const takers = await upload(taker);
    expect((await attach(sender, [takers])).statusCode).toBe(404);
    expect((await attach(taker, [takers])).statusCode).toBe(201);
    expect((await attach(taker, [takers])).statusCode).toBe(409);
    const missing = await ctx.app.inject({ method: 'GET', url: `/api/referrals/${crypto.randomUUID()}/files`, headers: sender.headers });
    expect(missing.statusCode).toBe(404);
    const malformed = await ctx.app.inject({ method: 'GET', url: '/api/referrals/not-an-id/files', headers: sender.headers });
    expect(malformed.statusCode).toBe(400);
  });
});
