// POST /api/files with an Idempotency-Key: a retried upload answers the first answer and stores nothing twice; the same
// key with other bytes or another name is refused; two at once store one file (server/lib/idempotency.ts, 'content').
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { IDEMPOTENCY_TEXTS } from '../../lib/idempotency.ts';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { createUser, randomLetters, type TestUser } from '../../test/factories.ts';
import { uploadAs } from './test-helpers.ts';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

const count = async (query: ReturnType<typeof sql>) => (await queryRows<{ n: number }>(ctx.db, query))[0].n;
const filesOf = (user: TestUser) => count(sql`SELECT count(*)::int AS n FROM files WHERE owner_id = ${user.id}`);
/** Stored pieces of the member's files (the database backend): one file's, however often it was sent. */
const piecesOf = (user: TestUser) => count(sql`SELECT count(*)::int AS n FROM file_blobs
  WHERE split_part(key, '.', 1) IN (SELECT id::text FROM files WHERE owner_id = ${user.id})`);
const allPieces = () => count(sql`SELECT count(*)::int AS n FROM file_blobs`);
const text = () => Buffer.from(`Intake summary ${randomLetters()}\n`);

describe('an upload with an Idempotency-Key', () => {
  it('retried with the same file answers the first answer and stores it once', async () => {
    const member = await createUser(ctx.db);
    const key = crypto.randomUUID();
    const bytes = text();
    const before = await allPieces();
    const first = await uploadAs(ctx.app, member, 'intake.txt', bytes, { 'idempotency-key': key });
    expect(first.status).toBe(201);
    expect(first.replayed).toBe(false);
    const again = await uploadAs(ctx.app, member, 'intake.txt', bytes, { 'idempotency-key': key });
    expect(again).toEqual({ status: 201, body: first.body, replayed: true });
    expect(await filesOf(member)).toBe(1);
    expect(await piecesOf(member)).toBeGreaterThan(0);
    expect(await allPieces()).toBe(before + await piecesOf(member));
    // Without a key, the same bytes are a new file.
    expect((await uploadAs(ctx.app, member, 'intake.txt', bytes)).status).toBe(201);
    expect(await filesOf(member)).toBe(2);
  });

  it('with other bytes, another name or on another endpoint is refused and stores nothing', async () => {
    const member = await createUser(ctx.db);
    const key = crypto.randomUUID();
    const bytes = text();
    await uploadAs(ctx.app, member, 'letter.txt', bytes, { 'idempotency-key': key });
    const refused = { status: 422, body: { msg: IDEMPOTENCY_TEXTS.reused, code: 'IDEMPOTENCY_KEY_REUSED' }, replayed: false };
    expect(await uploadAs(ctx.app, member, 'letter.txt', text(), { 'idempotency-key': key })).toEqual(refused);
    expect(await uploadAs(ctx.app, member, 'other.txt', bytes, { 'idempotency-key': key })).toEqual(refused);
    const post = await ctx.app.inject({
      method: 'POST', url: '/api/forumPosts', headers: { ...member.headers, 'idempotency-key': key }, payload: { title: 'Reused', content: 'Key.' },
    });
    expect(post.statusCode).toBe(422);
    expect(await filesOf(member)).toBe(1);
  });

  it('a refused upload lets its key go, so the corrected file can be sent with it', async () => {
    const member = await createUser(ctx.db);
    const key = crypto.randomUUID();
    const wrong = await uploadAs(ctx.app, member, 'form.pdf', Buffer.from('not a pdf at all'), { 'idempotency-key': key });
    expect(wrong.status).toBe(415);
    const right = await uploadAs(ctx.app, member, 'form.txt', text(), { 'idempotency-key': key });
    expect(right.status).toBe(201);
    expect(right.replayed).toBe(false);
  });

  it('two at once with one key store one file: the other waits or is answered the first answer', async () => {
    const member = await createUser(ctx.db);
    const key = crypto.randomUUID();
    const bytes = text();
    const answers = await Promise.all([1, 2].map(() => uploadAs(ctx.app, member, 'twice.txt', bytes, { 'idempotency-key': key })));
    const created = answers.filter((a) => a.status === 201 && !a.replayed);
    expect(created).toHaveLength(1);
    for (const other of answers.filter((a) => a !== created[0])) {
      if (other.status === 409) expect(other.body).toEqual({ msg: IDEMPOTENCY_TEXTS.inProgress, code: 'CONFLICT' });
      else expect(other.body).toEqual(created[0].body);
    }
    expect(await filesOf(member)).toBe(1);
  });
});
