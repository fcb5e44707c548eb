// "Delete my account" and an administrator's deletion — the effect on every table of server/db/schema.ts.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { baseUrl, createTestContext, type TestContext } from '../../test/harness.ts';
import { caller } from '../../test/http.ts';
import { createAdmin, createUser, TEST_PASSWORD, type TestUser } from '../../test/factories.ts';
import { mailIn } from '../../test/mail.ts';
import { connectClient } from '../../test/sockets.ts';
import { makeFootprint, type Footprint } from './test-fixtures.ts';
import { HELD_TEXTS } from './deletion.ts';
import { awayFromStepEdge, codeAt, enrol } from '../../test/totp.ts';

let ctx: TestContext;
const call = caller(() => ctx.app);
const rows = <T = Record<string, unknown>>(query: ReturnType<typeof sql>) => queryRows<T>(ctx.db, query);
const count = async (query: ReturnType<typeof sql>) => (await rows<{ n: number }>(query))[0].n;
const registration = (email: string) => ({
  name: 'Returning Therapist', email, password: 'quiet-harbour-lantern', confirmPassword: 'quiet-harbour-lantern',
  profession: 'Psychotherapist', licenceNumber: 'L-2', licensingBody: 'CRPO', region: 'ON', country: 'Canada', licenceExpiresOn: '2031-12-31',
});

beforeAll(async () => {
  ctx = await createTestContext({ listen: true });
});
afterAll(async () => {
  await ctx?.close();
});

describe('DELETE /api/users/me, keeping posts and comments', () => {
  let member: TestUser;
  let other: TestUser;
  let f: Footprint;

  beforeAll(async () => {
    member = await createUser(ctx.db, { avatar: 'https://example.org/me.png', bio: 'My private bio' });
    other = await createUser(ctx.db);
    f = await makeFootprint(ctx.db, member, other, 'D');
    await ctx.db.execute(sql`INSERT INTO avatar_images (user_id, hash, image) VALUES (${member.id}, 'abc', '\\x00'::bytea)`);
    await ctx.db.execute(sql`INSERT INTO data_exports (user_id, expires_at) VALUES (${member.id}, now() + interval '1 day')`);
    await ctx.db.execute(sql`INSERT INTO idempotency_keys (user_id, key, fingerprint, status, body) VALUES (${member.id}, 'k', 'f', 201, '{}')`);
    const socket = await connectClient(baseUrl(ctx), member.token);
    const gone = new Promise((resolve) => socket.once('disconnect', resolve));
    expect((await call('DELETE', '/api/users/me', member, { password: 'wrong-password-123' })).status).toBe(400);
    expect(await call('DELETE', '/api/users/me', member, { password: TEST_PASSWORD })).toEqual({ status: 200, body: { msg: 'Your account has been deleted.' } });
    await gone;
  });

  it('erases the profile and licence fields and frees the address; the row stays as Deleted member', async () => {
    const [row] = await rows<any>(sql`SELECT * FROM users WHERE id = ${member.id}`);
    expect(row).toMatchObject({
      name: 'Deleted member', email: `deleted-${member.id}@deleted.invalid`, avatar: null, bio: '', location: '', profession: '',
      licence_number: '', licensing_body: '', licence_region: '', licence_country: '', licence_expires_on: null, disabled: true,
    });
    expect(row.deleted_at).not.toBeNull();
    expect(row.password_hash).toBe('!deleted');
    expect((await call('POST', '/api/users/register', undefined, registration(member.email))).status).toBe(201);
    expect((await call('POST', '/api/users/login', undefined, { email: member.email, password: 'quiet-harbour-lantern' })).status).toBe(200);
  });

  it('ends every session (the token is refused) and sockets', async () => {
    expect(await count(sql`SELECT count(*)::int AS n FROM sessions WHERE user_id = ${member.id}`)).toBe(0);
    expect((await call('GET', '/api/users/me', member)).status).toBe(401);
  });

  it('removes favourites both ways, blocks, memberships, photo, exports, reset links, decisions and send counts', async () => {
    for (const [table, column] of [
      ['favorites', 'user_id'], ['favorites', 'favorite_id'], ['blocks', 'blocker_id'], ['community_members', 'user_id'],
      ['avatar_images', 'user_id'], ['data_exports', 'user_id'], ['password_reset_tokens', 'user_id'],
      ['verification_decisions', 'user_id'], ['chat_send_counts', 'user_id'], ['notifications', 'user_id'], ['post_follows', 'user_id'],
      ['idempotency_keys', 'user_id'],
    ]) {
      expect(await count(sql`SELECT count(*)::int AS n FROM ${sql.identifier(table)} WHERE ${sql.identifier(column)} = ${member.id}`), `${table}.${column}`).toBe(0);
    }
    const [joined] = await rows<{ members_count: number }>(sql`SELECT members_count FROM communities WHERE id = ${f.communityJoined}`);
    expect(joined.members_count).toBe(1);
  });

  it('withdraws the referrals the member had open; those answered to the member stay with their sender', async () => {
    expect(await rows(sql`SELECT status FROM referrals WHERE id = ${f.referralSent}`)).toEqual([{ status: 'withdrawn' }]);
    expect(await rows(sql`SELECT status FROM referrals WHERE id = ${f.referralReceived}`)).toEqual([{ status: 'open' }]);
    for (const table of ['two_factor', 'recovery_codes', 'mfa_challenges', 'email_change_tokens']) {
      expect(await count(sql`SELECT count(*)::int AS n FROM ${sql.identifier(table)} WHERE user_id = ${member.id}`), table).toBe(0);
    }
  });

  it('keeps communities and published resources without their maker, and drops resources still waiting', async () => {
    expect(await rows(sql`SELECT created_by FROM communities WHERE id = ${f.communityCreated}`)).toEqual([{ created_by: null }]);
    expect(await rows(sql`SELECT created_by FROM resources WHERE id = ${f.approvedResource}`)).toEqual([{ created_by: null }]);
    expect(await count(sql`SELECT count(*)::int AS n FROM resources WHERE id = ${f.pendingResource}`)).toBe(0);
  });

  it('keeps posts, comments and likes under Deleted member', async () => {
    const post = await call('GET', `/api/forumPosts/${f.ownPost}`, other);
    expect(post.body).toMatchObject({ title: 'Own post D', author: { _id: member.id, name: 'Deleted member', avatar: null } });
    const comments = await call('GET', `/api/forumPosts/${f.othersPost}/comments`, other);
    expect(comments.body.comments.find((c: any) => c._id === f.ownComment)).toMatchObject({ content: 'Own comment D', author: { name: 'Deleted member' } });
    expect(await count(sql`SELECT count(*)::int AS n FROM post_likes WHERE user_id = ${member.id}`)).toBe(1);
  });

  it('keeps the chat readable to the other participant under Deleted member, who can no longer be written to', async () => {
    const messages = await call('GET', `/api/conversations/${f.conversation}/messages`, other);
    expect(messages.body.map((m: any) => [m.text, m.sender.name]).sort()).toEqual([['Answer to D', other.name], ['Hello from D', 'Deleted member']].sort());
    expect((await call('POST', '/api/conversations', other, { recipientId: member.id })).status).toBeGreaterThanOrEqual(400);
  });

  it('keeps filed reports without their words, and the audit\'s events without personal data', async () => {
    expect(await rows(sql`SELECT details FROM reports WHERE id = ${f.report}`)).toEqual([{ details: '' }]);
    const audit = await rows<{ action: string; detail: object }>(sql`SELECT action, detail FROM audit_log WHERE target_id = ${member.id} ORDER BY created_at`);
    expect(audit).toEqual([
      { action: 'name.approve', detail: {} },
      { action: 'user.delete', detail: { by: 'member', contentDeleted: false } },
    ]);
  });

  it('sends a confirmation to the address it had', async () => {
    await mailIn(ctx.outboxDir, member.email, /Your Thera Root account has been deleted/);
  });

  it('hides the profile from the directory and from its page', async () => {
    expect((await call('GET', `/api/users/${member.id}`, other)).status).toBe(404);
  });
});

describe('DELETE /api/users/me with "also delete my posts and comments"', () => {
  it('removes the comments by the tree rule and the posts, leaving tombstones where others replied', async () => {
    const member = await createUser(ctx.db);
    const other = await createUser(ctx.db);
    const f = await makeFootprint(ctx.db, member, other, 'C');
    expect((await call('DELETE', '/api/users/me', member, { password: TEST_PASSWORD, deleteContent: true })).status).toBe(200);
    // The post others replied to stays as a tombstone with its replies; the one nobody answered is gone.
    expect(await rows(sql`SELECT title, content FROM posts WHERE id = ${f.ownPost}`)).toEqual([{ title: '[deleted by its author]', content: '[deleted by its author]' }]);
    expect(await count(sql`SELECT count(*)::int AS n FROM comments WHERE id = ${f.othersComment}`)).toBe(1);
    expect(await count(sql`SELECT count(*)::int AS n FROM posts WHERE id = ${f.ownLonelyPost}`)).toBe(0);
    // The comment with a reply stays '[deleted]' so the reply keeps its thread.
    expect(await rows(sql`SELECT deleted, content FROM comments WHERE id = ${f.ownComment}`)).toEqual([{ deleted: true, content: '' }]);
    expect(await count(sql`SELECT count(*)::int AS n FROM comments WHERE id = ${f.replyToOwn}`)).toBe(1);
    expect(await rows(sql`SELECT posts_count FROM communities WHERE id = ${f.communityJoined}`)).toEqual([{ posts_count: 2 }]);
    const audit = await rows(sql`SELECT detail FROM audit_log WHERE target_id = ${member.id} AND action = 'user.delete'`);
    expect(audit).toEqual([{ detail: { by: 'member', contentDeleted: true } }]);
  });
});

describe('who may delete', () => {
  it('a visitor hears 401; a pending member may delete their own account; a wrong password changes nothing', async () => {
    expect((await call('DELETE', '/api/users/me', undefined, { password: 'x' })).status).toBe(401);
    const pending = await createUser(ctx.db, { status: 'pending' });
    const wrong = await call('DELETE', '/api/users/me', pending, { password: 'not-my-password' });
    expect(wrong).toEqual({ status: 400, body: { msg: 'Your password is incorrect.', code: 'BAD_REQUEST' } });
    expect((await call('GET', '/api/users/me', pending)).status).toBe(200);
    expect((await call('DELETE', '/api/users/me', pending, { password: TEST_PASSWORD })).status).toBe(200);
  });

  it('with two-factor on, asks for a code as well: none or a wrong one changes nothing; a right one deletes and erases the factor', async () => {
    const member = await createUser(ctx.db);
    const { secret, recoveryCodes } = await enrol(ctx.app, member);
    const none = await call('DELETE', '/api/users/me', member, { password: TEST_PASSWORD });
    expect([none.status, none.body.code]).toEqual([400, 'BAD_REQUEST']);
    expect((await call('DELETE', '/api/users/me', member, { password: TEST_PASSWORD, code: '000000' })).status).toBe(400);
    expect((await call('GET', '/api/users/me', member)).status).toBe(200);
    await awayFromStepEdge();
    expect((await call('DELETE', '/api/users/me', member, { password: TEST_PASSWORD, code: codeAt(secret) })).status).toBe(200);
    for (const table of ['two_factor', 'recovery_codes']) {
      expect(await count(sql`SELECT count(*)::int AS n FROM ${sql.raw(table)} WHERE user_id = ${member.id}`)).toBe(0);
    }
    expect(recoveryCodes).toHaveLength(10);
  });

  it('a recovery code does for a lost phone', async () => {
    const member = await createUser(ctx.db);
    const { recoveryCodes } = await enrol(ctx.app, member);
    expect((await call('DELETE', '/api/users/me', member, { password: TEST_PASSWORD, code: recoveryCodes[0] })).status).toBe(200);
  });

  it('limits password guesses to five per quarter hour', async () => {
    const member = await createUser(ctx.db);
    for (let i = 0; i < 5; i++) expect((await call('DELETE', '/api/users/me', member, { password: `guess-${i}` })).status).toBe(400);
    expect((await call('DELETE', '/api/users/me', member, { password: TEST_PASSWORD })).status).toBe(429);
  });

  it('an administrator deletes a member\'s account (audited as theirs); a member or a pending one may not', async () => {
    const admin = await createAdmin(ctx.db);
    const target = await createUser(ctx.db);
    const member = await createUser(ctx.db);
    const pending = await createUser(ctx.db, { status: 'pending' });
    expect((await call('DELETE', `/api/admin/users/${target.id}`)).status).toBe(401);
    expect((await call('DELETE', `/api/admin/users/${target.id}`, member, {})).status).toBe(403);
    expect((await call('DELETE', `/api/admin/users/${target.id}`, pending, {})).status).toBe(403);
    expect((await call('DELETE', `/api/admin/users/${admin.id}`, admin, {})).status).toBe(400);
    expect(await call('DELETE', `/api/admin/users/${target.id}`, admin, { deleteContent: false })).toEqual({ status: 200, body: { msg: 'The account has been deleted.' } });
    expect(await rows(sql`SELECT actor_id, detail FROM audit_log WHERE target_id = ${target.id} AND action = 'user.delete'`))
      .toEqual([{ actor_id: admin.id, detail: { by: 'administrator', contentDeleted: false } }]);
    expect((await call('DELETE', `/api/admin/users/${target.id}`, admin, {})).status).toBe(404);
    await mailIn(ctx.outboxDir, target.email, /deleted by an administrator/);
  });

  it('a member under legal hold keeps the account: the member and an administrator are told why, the refusal is in the trail, and after release it goes', async () => {
    const admin = await createAdmin(ctx.db);
    const held = await createUser(ctx.db);
    const other = await createUser(ctx.db);
    expect((await call('PUT', `/api/admin/users/${held.id}/legal-hold`, admin, { on: true, reason: 'Court order' })).status).toBe(200);
    expect(await call('DELETE', '/api/users/me', held, { password: TEST_PASSWORD })).toEqual({ status: 409, body: { msg: HELD_TEXTS.member, code: 'CONFLICT' } });
    expect(await call('DELETE', `/api/admin/users/${held.id}`, admin, {})).toEqual({ status: 409, body: { msg: HELD_TEXTS.admin, code: 'CONFLICT' } });
    expect(await rows(sql`SELECT deleted_at, disabled FROM users WHERE id = ${held.id}`)).toEqual([{ deleted_at: null, disabled: false }]);
    expect((await call('GET', '/api/users/me', held)).status).toBe(200);
    const refused = await call('GET', `/api/admin/audit?memberId=${held.id}&action=user.delete_refused`, admin);
    expect(refused.body.entries.map((e: any) => [e.actorId, e.detail])).toEqual([
      [admin.id, { by: 'administrator', reason: 'legal_hold' }], [held.id, { by: 'member', reason: 'legal_hold' }],
    ]);
    expect(await rows(sql`SELECT 1 FROM audit_log WHERE member_id = ${held.id} AND action = 'user.delete'`)).toEqual([]);
    // Another member's deletion is not held up by it.
    expect((await call('DELETE', '/api/users/me', other, { password: TEST_PASSWORD })).status).toBe(200);
    expect((await call('PUT', `/api/admin/users/${held.id}/legal-hold`, admin, { on: false })).status).toBe(200);
    expect((await call('DELETE', '/api/users/me', held, { password: TEST_PASSWORD })).status).toBe(200);
  });
});
