// Rows for the feed's tests (activity.test.ts, activity-items.test.ts), at fixed, distinct times so the expected order is
// exact: every helper takes minutes before one base time.
import { comments, posts, resources } from '../../db/schema.ts';
import type { TestContext } from '../../test/harness.ts';

const BASE = Date.parse('2026-03-01T12:00:00.000Z');
export const at = (minutesAgo: number) => new Date(BASE - minutesAgo * 60_000);

type Scene = { ctx: () => TestContext; communityId: () => string; authorId: () => string };

/** Inserts straight into the tables (the triggers of migration 0151 see them as any writer's). */
export function feedFixtures({ ctx, communityId, authorId }: Scene) {
  async function addPost(minutesAgo: number, overrides: Partial<typeof posts.$inferInsert> = {}) {
    const [row] = await ctx().db.insert(posts).values({
      communityId: communityId(), authorId: authorId(), title: `Post ${minutesAgo}`, content: 'Body', createdAt: at(minutesAgo), ...overrides,
    }).returning();
    return row;
  }
  async function addComment(postId: string, minutesAgo: number, overrides: Partial<typeof comments.$inferInsert> = {}) {
    const [row] = await ctx().db.insert(comments).values({
      postId, authorId: authorId(), content: 'A reply', createdAt: at(minutesAgo), ...overrides,
    }).returning();
    return row;
  }
  /** A resource as given; unpublished unless `overrides` approve it. */
  async function insertResource(overrides: Partial<typeof resources.$inferInsert> = {}) {
    const [row] = await ctx().db.insert(resources).values({
      title: 'A resource', link: 'https://example.org', description: 'd', category: 'Books', ...overrides,
    }).returning();
    return row;
  }
  return { addPost, addComment, insertResource };
}
