// Who may read a file: a visitor, a pending member, the other participant, a stranger, an administrator (before and
// after opening the reported conversation with a reason), a blocked member; after unsend, deletion and 24 hours unattached.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { blocks, referralRecipients, referrals, reports, users } from '../../db/schema.ts';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { createAdmin, createUser, type TestUser } from '../../test/factories.ts';
import { purgeFiles } from './jobs.ts';
import { download, uploadAs } from './test-helpers.ts';

let ctx: TestContext;
let ann: TestUser;
let bob: TestUser;
let stranger: TestUser;
let pending: TestUser;
let admin: TestUser;

beforeAll(async () => {
  ctx = await createTestContext();
  [ann, bob, stranger, admin] = await Promise.all([createUser(ctx.db), createUser(ctx.db), createUser(ctx.db), createAdmin(ctx.db)]);
  pending = await createUser(ctx.db, { status: 'pending' });
}, 120_000);
afterAll(() => ctx?.close());

const inject = (method: 'GET' | 'POST' | 'DELETE', url: string, user?: TestUser, payload?: object) =>
  ctx.app.inject({ method, url, headers: user?.headers, payload });

async function shared(from: TestUser, to: TestUser, text = 'Here it is') {
  const conversationId = (await inject('POST', '/api/conversations', from, { recipientId: to.id })).json()._id as string;
  const file = await uploadAs(ctx.app, from, 'intake.txt', Buffer.from('intake summary words'));
  const sent = await inject('POST', `/api/conversations/${conversationId}/messages`, from, { text, attachmentIds: [file.body._id] });
  expect(sent.statusCode, sent.body).toBe(201);
  return { conversationId, fileId: file.body._id, messageId: sent.json()._id as string };
}

const objectKeys = async () => (await queryRows<{ key: string }>(ctx.db, sql`SELECT DISTINCT key FROM file_blobs`)).map((r) => r.key);

describe('reading a file shared in chat', () => {
  it('the participants read it; a visitor, a pending member, a stranger and an administrator do not', async () => {
    const { fileId } = await shared(ann, bob);
    expect((await download(ctx.app, ann, fileId)).statusCode).toBe(200);
    expect((await download(ctx.app, bob, fileId)).statusCode).toBe(200);
    expect((await download(ctx.app, undefined, fileId)).statusCode).toBe(401);
    expect((await download(ctx.app, pending, fileId)).statusCode).toBe(403);
    expect((await download(ctx.app, stranger, fileId)).statusCode).toBe(404);
    expect((await download(ctx.app, admin, fileId)).statusCode).toBe(404);
    expect((await inject('GET', `/api/files/${fileId}/thumbnail`, stranger)).statusCode).toBe(404);
    // The other participant's download is in the owner's access trail; the owner's own is not.
    const trail = await queryRows<{ actor_id: string; member_id: string }>(ctx.db, sql`
      SELECT actor_id, member_id FROM audit_log WHERE action = 'file.download' AND target_id = ${fileId}`);
    expect(trail).toEqual([{ actor_id: bob.id, member_id: ann.id }]);
  });

  it('an administrator reads it only after opening the reported message\'s conversation with a reason', async () => {
    const { fileId, messageId } = await shared(ann, bob);
    const [report] = await ctx.db.insert(reports).values({ reporterId: bob.id, targetType: 'message', targetId: messageId, targetAuthorId: ann.id, reason: 'harassment' }).returning();
    expect((await download(ctx.app, admin, fileId)).statusCode).toBe(404);
    const opened = await inject('POST', `/api/admin/reports/${report.id}/conversation`, admin, { reason: 'Reviewing the reported message and its file' });
    expect(opened.statusCode, opened.body).toBe(200);
    expect((await download(ctx.app, admin, fileId)).statusCode).toBe(200);
  });

  it('a blocked member keeps what was shared before, and cannot send files to the member who blocked them', async () => {
    const { fileId, conversationId } = await shared(ann, bob);
    await ctx.db.insert(blocks).values({ blockerId: bob.id, blockedId: ann.id });
    expect((await download(ctx.app, ann, fileId)).statusCode).toBe(200);
    const next = await uploadAs(ctx.app, ann, 'more.txt', Buffer.from('more words'));
    const sent = await inject('POST', `/api/conversations/${conversationId}/messages`, ann, { attachmentIds: [next.body._id] });
    expect(sent.statusCode).toBe(403);
    // Refused: the file stays the member's, unattached, to use elsewhere.
    const [row] = await queryRows<{ attached_at: Date | null }>(ctx.db, sql`SELECT attached_at FROM files WHERE id = ${next.body._id}`);
    expect(row.attached_at).toBeNull();
  });

  it('only the owner attaches, once; at most five per message', async () => {
    const conversationId = (await inject('POST', '/api/conversations', ann, { recipientId: stranger.id })).json()._id as string;
    const bobs = await uploadAs(ctx.app, bob, 'bob.txt', Buffer.from('bob words'));
    const taken = await inject('POST', `/api/conversations/${conversationId}/messages`, ann, { attachmentIds: [bobs.body._id] });
    expect(taken.statusCode).toBe(404);
    const six = Array.from({ length: 6 }, () => crypto.randomUUID());
    expect((await inject('POST', `/api/conversations/${conversationId}/messages`, ann, { attachmentIds: six })).statusCode).toBe(400);
  });

  it('unsend removes the files: nobody reads them, and the purge removes their bytes', async () => {
    const eve = await createUser(ctx.db);
    const { fileId, conversationId, messageId } = await shared(ann, eve);
    const unsent = await inject('DELETE', `/api/conversations/${conversationId}/messages/${messageId}`, ann);
    expect(unsent.json().attachments).toEqual([]);
    expect((await download(ctx.app, eve, fileId)).statusCode).toBe(404);
    expect((await download(ctx.app, ann, fileId)).statusCode).toBe(404);
    expect(await objectKeys()).toContain(fileId);
    await purgeFiles({ db: ctx.db, config: ctx.config }, new Date());
    expect(await objectKeys()).not.toContain(fileId);
  });

  it('account deletion removes the member\'s files; files never attached go after 24 hours', async () => {
    const dan = await createUser(ctx.db);
    const { fileId } = await shared(dan, bob);
    const loose = await uploadAs(ctx.app, bob, 'draft.txt', Buffer.from('draft words'));
    await ctx.db.delete(users).where(sql`${users.id} = ${dan.id}`);
    expect((await download(ctx.app, bob, fileId)).statusCode).toBe(404);
    const purged = await purgeFiles({ db: ctx.db, config: ctx.config }, new Date(Date.now() + 25 * 3600_000));
    expect(purged.unattached).toBeGreaterThanOrEqual(1);
    const keys = await objectKeys();
    expect(keys).not.toContain(fileId);
    expect(keys).not.toContain(loose.body._id);
  });
});

describe('documents of a referral', () => {
  it('after acceptance, the sender and the accepting recipient share files; others, and before acceptance, no', async () => {
    const [referral] = await ctx.db.insert(referrals).values({
      senderId: ann.id, ageGroup: 'Adult', concerns: ['Anxiety'], sessionFormats: ['Online'], region: 'ON', expiresAt: new Date(Date.now() + 86_400_000),
    }).returning();
    await ctx.db.insert(referralRecipients).values([bob, stranger].map((u) => ({
      referralId: referral.id, recipientId: u.id, senderId: ann.id, referralCreatedAt: referral.createdAt,
    })));
    const file = await uploadAs(ctx.app, ann, 'release.pdf.txt', Buffer.from('release of information'));
    const early = await inject('POST', `/api/referrals/${referral.id}/files`, ann, { fileIds: [file.body._id] });
    expect(early.statusCode).toBe(409);
    await ctx.db.update(referralRecipients).set({ response: 'accepted' }).where(sql`${referralRecipients.recipientId} = ${bob.id}`);
    const attached = await inject('POST', `/api/referrals/${referral.id}/files`, ann, { fileIds: [file.body._id] });
    expect(attached.statusCode, attached.body).toBe(201);
    expect(attached.json().files).toHaveLength(1);
    expect((await inject('GET', `/api/referrals/${referral.id}/files`, bob)).json().files).toHaveLength(1);
    expect((await download(ctx.app, bob, file.body._id)).statusCode).toBe(200);
    for (const other of [stranger, admin]) {
      expect((await inject('GET', `/api/referrals/${referral.id}/files`, other)).statusCode).toBe(404);
      expect((await download(ctx.app, other, file.body._id)).statusCode).toBe(404);
    }
  });
});
