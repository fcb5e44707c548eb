import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { hashPassword } from '../lib/passwords.ts';
import { queryRows, type Db } from '../db/client.ts';
import { comments, communities, communityMembers, posts, resources, users } from '../db/schema.ts';
import { DEMO_COMMENTS, DEMO_COMMUNITIES, DEMO_PASSWORD, DEMO_POSTS, DEMO_RESOURCES, demoTherapists } from './demo-data.ts';

const HOUR = 3_600_000;

/** Loads the demo network on a database with no therapists yet; later starts leave data alone. */
export async function seedDemoIfEmpty(db: Db, log?: FastifyBaseLogger): Promise<boolean> {
  const rows = await queryRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM users WHERE role <> 'admin'`);
  if (rows[0].n > 0) return false;
  await seedDemo(db);
  log?.info(`demo data loaded; demo therapists sign in with password "${DEMO_PASSWORD}"`);
  return true;
}

async function seedDemo(db: Db): Promise<void> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const now = Date.now();
  await db.transaction(async (tx) => {
    const people = await tx.insert(users).values(demoTherapists().map(({ confirmedDaysAgo, ...t }, i) => ({
      ...t, passwordHash,
      availabilityUpdatedAt: confirmedDaysAgo === null ? null : new Date(now - confirmedDaysAgo * 24 * HOUR), verifiedAt: t.verificationStatus === 'verified' ? new Date(now - (40 - i) * 24 * HOUR) : null,
      // Established members: their dashboard welcomes them back.
      welcomedAt: t.verificationStatus === 'verified' ? new Date(now - (40 - i) * 24 * HOUR) : null,
      createdAt: new Date(now - (45 - i) * 24 * HOUR),
    }))).returning({ id: users.id, status: users.verificationStatus });
    const verified = people.filter((p) => p.status === 'verified');

    const groups = await tx.insert(communities).values(DEMO_COMMUNITIES.map((c, i) => ({
      ...c, createdBy: verified[i].id, createdAt: new Date(now - (30 - i) * 24 * HOUR),
    }))).returning({ id: communities.id });
    const memberships = groups.flatMap((g, gi) => verified.filter((_, ui) => (ui + gi) % 3 === 0 || ui === gi)
      .map((u) => ({ communityId: g.id, userId: u.id })));
    await tx.insert(communityMembers).values(memberships).onConflictDoNothing();

    const created = await tx.insert(posts).values(DEMO_POSTS.map((p, i) => ({
      title: p.title, content: p.content,
      communityId: p.community === null ? null : groups[p.community].id,
      authorId: verified[(i * 5) % verified.length].id,
      createdAt: new Date(now - (DEMO_POSTS.length - i) * 7 * HOUR),
    }))).returning({ id: posts.id, createdAt: posts.createdAt });
    await seedThreads(tx as unknown as Db, created, verified.map((u) => u.id));

    await tx.insert(resources).values(DEMO_RESOURCES.map((r, i) => ({
      title: r.title, link: r.link, category: r.category, description: r.description, isApproved: r.approved,
      approvedAt: r.approved ? new Date(now - (10 - i) * 24 * HOUR) : null,
      createdBy: verified[(i * 3) % verified.length].id, createdAt: new Date(now - (10 - i) * 24 * HOUR),
    })));
    await refreshCounters(tx as unknown as Db);
  });
}

/** Two top-level comments per post and a reply to the first, so every post shows a small thread. */
async function seedThreads(db: Db, created: { id: string; createdAt: Date }[], authorIds: string[]) {
  for (const [i, post] of created.entries()) {
    const at = (minutes: number) => new Date(post.createdAt.getTime() + minutes * 60_000);
    const [first] = await db.insert(comments).values([
      { postId: post.id, authorId: authorIds[(i + 1) % authorIds.length], content: DEMO_COMMENTS[i % DEMO_COMMENTS.length], createdAt: at(20) },
      { postId: post.id, authorId: authorIds[(i + 2) % authorIds.length], content: DEMO_COMMENTS[(i + 1) % DEMO_COMMENTS.length], createdAt: at(45) },
    ]).returning({ id: comments.id });
    await db.insert(comments).values({
      postId: post.id, parentId: first.id, authorId: authorIds[(i + 3) % authorIds.length],
      content: DEMO_COMMENTS[(i + 2) % DEMO_COMMENTS.length], createdAt: at(60),
    });
  }
}

async function refreshCounters(db: Db): Promise<void> {
  await db.execute(sql`UPDATE posts p SET comments_count = (SELECT count(*) FROM comments c WHERE c.post_id = p.id),
    likes_count = (SELECT count(*) FROM post_likes l WHERE l.post_id = p.id)`);
  await db.execute(sql`UPDATE communities c SET
    posts_count = (SELECT count(*) FROM posts p WHERE p.community_id = c.id),
    members_count = (SELECT count(*) FROM community_members m WHERE m.community_id = c.id),
    last_post_at = (SELECT max(created_at) FROM posts p WHERE p.community_id = c.id)`);
}
