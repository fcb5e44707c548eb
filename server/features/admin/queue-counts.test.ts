import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { reports, resources, users } from '../../db/schema.ts';
import { ADMINS_ONLY } from '../../lib/auth.ts';
import { createAdmin, createUser, type TestUser } from '../../test/factories.ts';
import { createTestContext, type TestContext } from '../../test/harness.ts';

let ctx: TestContext;
let admin: TestUser;
beforeAll(async () => {
  ctx = await createTestContext();
  admin = await createAdmin(ctx.db);
});
afterAll(() => ctx.close());

const counts = (user: TestUser | null = admin) => ctx.app.inject({ url: '/api/admin/queue-counts', headers: user?.headers });

describe('GET /api/admin/queue-counts', () => {
  it('counts what waits in each queue: pending licences, name changes, reported items (once each), pending resources', async () => {
    const before = (await counts()).json();
    await createUser(ctx.db, { status: 'pending' });
    await createUser(ctx.db, { status: 'pending' });
    await createUser(ctx.db, { status: 'rejected' });
    const renaming = await createUser(ctx.db);
    await ctx.db.update(users).set({ pendingName: 'New Name', pendingNameAt: new Date() }).where(eq(users.id, renaming.id));
    const [a, b, author] = [await createUser(ctx.db), await createUser(ctx.db), await createUser(ctx.db)];
    // Two reports of one profile are one item to review; a resolved report is not work.
    await ctx.db.insert(reports).values([
      { reporterId: a.id, targetType: 'profile', targetId: author.id, targetAuthorId: author.id, reason: 'spam' },
      { reporterId: b.id, targetType: 'profile', targetId: author.id, targetAuthorId: author.id, reason: 'spam' },
      { reporterId: a.id, targetType: 'profile', targetId: b.id, targetAuthorId: b.id, reason: 'spam', status: 'resolved' },
    ]);
    await ctx.db.insert(resources).values({ title: 'Pending tool', link: 'https://example.org/t', category: 'Tools', description: 'x', createdBy: a.id });

    const res = await counts();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      verifications: before.verifications + 2, nameChanges: before.nameChanges + 1,
      reports: before.reports + 1, resources: before.resources + 1,
    });
  });

  it('refuses members of every status (403) and visitors (401)', async () => {
    for (const status of ['verified', 'pending', 'rejected'] as const) {
      const res = await counts(await createUser(ctx.db, { status }));
      expect(res.statusCode).toBe(403);
      expect(res.json().msg).toBe(ADMINS_ONLY);
    }
    expect((await counts(null)).statusCode).toBe(401);
  });
});
