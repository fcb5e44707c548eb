// The Idempotency-Key header on the creating endpoints (server/lib/idempotency.ts): a retry answers the first answer
// and makes no second row; a key reused for another request is refused; keys are per member; the header is validated.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../db/client.ts';
import { createTestContext, type TestContext } from '../test/harness.ts';
import { createCommunity, createUser, type TestUser } from '../test/factories.ts';
import { IDEMPOTENCY_TEXTS } from '../lib/idempotency.ts';
import { DESCRIPTION_PATH } from '../lib/openapi.ts';
import { matchingTherapist, NEEDS } from './referrals/test-helpers.ts';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

/** A POST as `user` with this Idempotency-Key (none when undefined). */
async function post(url: string, user: TestUser, payload: object, key?: string) {
  const headers: Record<string, string> = { ...user.headers, ...(key === undefined ? {} : { 'idempotency-key': key }) };
  const res = await ctx.app.inject({ method: 'POST', url, headers, payload });
  return { status: res.statusCode, body: res.json(), replayed: res.headers['idempotent-replayed'] === 'true' };
}

const count = async (query: ReturnType<typeof sql>) => (await queryRows<{ n: number }>(ctx.db, query))[0].n;
const postsBy = (user: TestUser) => count(sql`SELECT count(*)::int AS n FROM posts WHERE author_id = ${user.id}`);
const newKey = () => crypto.randomUUID();

describe('Idempotency-Key', () => {
  it('a retried post answers the first answer and makes one post', async () => {
    const member = await createUser(ctx.db);
    const key = newKey();
    const body = { title: 'Retried', content: 'Sent twice over a bad connection.' };
    const first = await post('/api/forumPosts', member, body, key);
    expect(first.status).toBe(201);
    expect(first.replayed).toBe(false);
    const again = await post('/api/forumPosts', member, body, key);
    expect(again).toEqual({ status: 201, body: first.body, replayed: true });
    expect(await postsBy(member)).toBe(1);
    // Without a key, each request is a new one.
    await post('/api/forumPosts', member, body);
    expect(await postsBy(member)).toBe(2);
  });

  it('the same key with a different body, or on another endpoint, is refused and changes nothing', async () => {
    const member = await createUser(ctx.db);
    const key = newKey();
    await post('/api/forumPosts', member, { title: 'One', content: 'First.' }, key);
    const refused = { status: 422, body: { msg: IDEMPOTENCY_TEXTS.reused, code: 'IDEMPOTENCY_KEY_REUSED' }, replayed: false };
    expect(await post('/api/forumPosts', member, { title: 'Two', content: 'Second.' }, key)).toEqual(refused);
    const postId = (await queryRows<{ id: string }>(ctx.db, sql`SELECT id FROM posts WHERE author_id = ${member.id}`))[0].id;
    expect(await post(`/api/forumPosts/${postId}/comments`, member, { content: 'First.' }, key)).toEqual(refused);
    expect(await postsBy(member)).toBe(1);
    expect(await count(sql`SELECT count(*)::int AS n FROM comments WHERE author_id = ${member.id}`)).toBe(0);
  });

  it('two requests with one key at the same time make one post: the other is told to wait, or answered the first answer', async () => {
    const member = await createUser(ctx.db);
    const key = newKey();
    const body = { title: 'Double click', content: 'Twice at once.' };
    const answers = await Promise.all([post('/api/forumPosts', member, body, key), post('/api/forumPosts', member, body, key)]);
    const created = answers.filter((a) => a.status === 201 && !a.replayed);
    expect(created).toHaveLength(1);
    for (const other of answers.filter((a) => a !== created[0])) {
      expect(other.status === 409 ? other.body : other.body._id).toEqual(
        other.status === 409 ? { msg: IDEMPOTENCY_TEXTS.inProgress, code: 'CONFLICT' } : created[0].body._id);
    }
    expect(await postsBy(member)).toBe(1);
  });

  it('keys are per member: another member using the same key and body makes their own post', async () => {
    const [a, b] = await Promise.all([createUser(ctx.db), createUser(ctx.db)]);
    const key = newKey();
    const body = { title: 'Same key', content: 'Same words.' };
    const first = await post('/api/forumPosts', a, body, key);
    const other = await post('/api/forumPosts', b, body, key);
    expect(other.status).toBe(201);
    expect(other.replayed).toBe(false);
    expect(other.body._id).not.toBe(first.body._id);
    expect([await postsBy(a), await postsBy(b)]).toEqual([1, 1]);
  });

  it('comments, replies, referrals, offers and reports answer a retry with the first answer and one row', async () => {
    const [author, member, therapist] = await Promise.all([createUser(ctx.db), createUser(ctx.db), matchingTherapist(ctx.db)]);
    const postId = (await post('/api/forumPosts', author, { title: 'Thread', content: 'Start.' })).body._id;
    const cases: [string, object, ReturnType<typeof sql>, TestUser][] = [
      [`/api/forumPosts/${postId}/comments`, { content: 'A comment' }, sql`SELECT count(*)::int AS n FROM comments WHERE parent_id IS NULL AND author_id = ${member.id}`, member],
      ['/api/referrals', { ...NEEDS, toBoard: true }, sql`SELECT count(*)::int AS n FROM referrals WHERE sender_id = ${member.id}`, member],
      ['/api/reports', { targetType: 'post', targetId: postId, reason: 'spam' }, sql`SELECT count(*)::int AS n FROM reports WHERE reporter_id = ${member.id}`, member],
    ];
    for (const [url, body, rows, user] of cases) {
      const key = newKey();
      const first = await post(url, user, body, key);
      expect(first.status, url).toBe(201);
      expect(await post(url, user, body, key), url).toEqual({ ...first, replayed: true });
      expect(await count(rows), url).toBe(1);
    }
    const commentId = (await queryRows<{ id: string }>(ctx.db, sql`SELECT id FROM comments WHERE author_id = ${member.id}`))[0].id;
    const referralId = (await queryRows<{ id: string }>(ctx.db, sql`SELECT id FROM referrals WHERE sender_id = ${member.id}`))[0].id;
    const more: [string, object, ReturnType<typeof sql>, TestUser][] = [
      [`/api/forumPosts/comments/${commentId}/reply`, { content: 'A reply' }, sql`SELECT count(*)::int AS n FROM comments WHERE parent_id = ${commentId}`, author],
      [`/api/referrals/${referralId}/offers`, { message: 'I can take this' }, sql`SELECT count(*)::int AS n FROM referral_offers WHERE referral_id = ${referralId}`, therapist],
    ];
    for (const [url, body, rows, user] of more) {
      const key = newKey();
      const first = await post(url, user, body, key);
      expect(first.status, url).toBe(201);
      expect(await post(url, user, body, key), url).toEqual({ ...first, replayed: true });
      expect(await count(rows), url).toBe(1);
    }
  });

  it('each create keeps its answer in the transaction that stored its row: no commit without its answer', async () => {
    const [author, member, therapist] = await Promise.all([createUser(ctx.db), createUser(ctx.db), matchingTherapist(ctx.db)]);
    // A row version's xmin is the transaction that wrote it: the key's answer and the created row share one.
    const sameTransaction = async (url: string, user: TestUser, body: object, table: string, idOf: (answer: Record<string, unknown>) => string) => {
      const key = newKey();
      const first = await post(url, user, body, key);
      expect(first.status, url).toBe(201);
      const [row] = await queryRows<{ row: string; answer: string; status: number }>(ctx.db, sql`
        SELECT (SELECT xmin::text FROM ${sql.identifier(table)} WHERE id = ${idOf(first.body)}) AS row,
          k.xmin::text AS answer, k.status FROM idempotency_keys k WHERE k.user_id = ${user.id} AND k.key = ${key}`);
      expect(row.status, url).toBe(201);
      expect(row.answer, url).toBe(row.row);
      return first.body as Record<string, unknown>;
    };
    const byId = (answer: Record<string, unknown>) => answer._id as string;
    const postId = byId(await sameTransaction('/api/forumPosts', author, { title: 'Kept', content: 'With its answer.' }, 'posts', byId));
    const comment = await sameTransaction(`/api/forumPosts/${postId}/comments`, member, { content: 'A comment' }, 'comments', byId);
    await sameTransaction(`/api/forumPosts/comments/${byId(comment)}/reply`, author, { content: 'A reply' }, 'comments', byId);
    const referral = await sameTransaction('/api/referrals', member, { ...NEEDS, toBoard: true }, 'referrals', byId);
    const offerOf = async () => (await queryRows<{ id: string }>(ctx.db, sql`
      SELECT id FROM referral_offers WHERE referral_id = ${byId(referral)}`))[0]?.id ?? '00000000-0000-4000-8000-000000000000';
    const key = newKey();
    expect((await post(`/api/referrals/${byId(referral)}/offers`, therapist, { message: 'I can take this' }, key)).status).toBe(201);
    const [offer] = await queryRows<{ same: boolean }>(ctx.db, sql`SELECT (SELECT xmin FROM referral_offers WHERE id = ${await offerOf()})::text
      = (SELECT xmin FROM idempotency_keys WHERE user_id = ${therapist.id} AND key = ${key})::text AS same`);
    expect(offer.same).toBe(true);
    const reportKey = newKey();
    expect((await post('/api/reports', member, { targetType: 'post', targetId: postId, reason: 'spam' }, reportKey)).status).toBe(201);
    const [report] = await queryRows<{ same: boolean }>(ctx.db, sql`SELECT (SELECT xmin FROM reports WHERE reporter_id = ${member.id})::text
      = (SELECT xmin FROM idempotency_keys WHERE user_id = ${member.id} AND key = ${reportKey})::text AS same`);
    expect(report.same).toBe(true);
  });

  it('a refused request keeps nothing: corrected, it is sent again with the same key', async () => {
    const member = await createUser(ctx.db);
    const community = await createCommunity(ctx.db);
    const key = newKey();
    const body = { title: 'In a community', content: 'Hello.', communityId: community.id };
    expect((await post('/api/forumPosts', member, body, key)).status).toBe(403);
    await ctx.db.execute(sql`INSERT INTO community_members (community_id, user_id) VALUES (${community.id}, ${member.id})`);
    expect((await post('/api/forumPosts', member, body, key)).status).toBe(201);
    expect(await postsBy(member)).toBe(1);
  });

  it('an answer older than 24 hours is forgotten: the key makes a new post', async () => {
    const member = await createUser(ctx.db);
    const key = newKey();
    const body = { title: 'Old', content: 'A day ago.' };
    await post('/api/forumPosts', member, body, key);
    await ctx.db.execute(sql`UPDATE idempotency_keys SET created_at = now() - interval '25 hours' WHERE user_id = ${member.id}`);
    expect((await post('/api/forumPosts', member, body, key)).replayed).toBe(false);
    expect(await postsBy(member)).toBe(2);
  });

  it('refuses a key that is empty, too long or not printable, and creates nothing', async () => {
    const member = await createUser(ctx.db);
    for (const key of ['', 'x'.repeat(256), 'has space', 'tab\there', 'é-accent']) {
      const res = await post('/api/forumPosts', member, { title: 'Bad key', content: 'No.' }, key);
      expect(res.status, JSON.stringify(key)).toBe(400);
      expect(res.body.code).toBe('VALIDATION');
      expect(res.body.msg).toMatch(/idempotency-key/i);
    }
    expect(await postsBy(member)).toBe(0);
    expect((await post('/api/forumPosts', member, { title: 'Good key', content: 'Yes.' }, 'x'.repeat(255))).status).toBe(201);
  });

  it('a signed-out or pending caller is refused by the guard first, whatever the key', async () => {
    const pending = await createUser(ctx.db, { verificationStatus: 'pending' });
    const res = await ctx.app.inject({ method: 'POST', url: '/api/forumPosts', headers: { 'idempotency-key': 'k' }, payload: {} });
    expect(res.statusCode).toBe(401);
    expect((await post('/api/forumPosts', pending, {}, 'k')).status).toBe(403);
    expect(await count(sql`SELECT count(*)::int AS n FROM idempotency_keys`)).toBeGreaterThan(0);
    expect(await count(sql`SELECT count(*)::int AS n FROM idempotency_keys WHERE user_id = ${pending.id}`)).toBe(0);
  });

  it('is documented as a header of the creating operations', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: DESCRIPTION_PATH })).json();
    for (const path of ['/api/forumPosts', '/api/referrals', '/api/reports', '/api/forumPosts/{postId}/comments']) {
      const params = doc.paths[path].post.parameters as { in: string; name: string }[];
      expect(params, path).toContainEqual(expect.objectContaining({ in: 'header', name: 'idempotency-key' }));
      expect(doc.paths[path].post.responses['422'], path).toEqual({ $ref: '#/components/responses/IdempotencyKeyReused' });
    }
  });
});
