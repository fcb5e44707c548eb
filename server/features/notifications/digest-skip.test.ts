// The digest sweep asks again while it gets full rounds: a due member it skips (disabled) must still be marked, or
// enough of them make the sweep loop for ever and hold up the node's stop (docs/decisions/0085).
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { createUser } from '../../test/factories.ts';
import { membersDueDigest, sendDigest } from './email.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

describe('the digest and a member it cannot send to', () => {
  it('marks a disabled member as done, so the next round does not find them again', async () => {
    const member = await createUser(ctx.db, { name: 'Dee Disabled' });
    await ctx.db.execute(sql`UPDATE users SET disabled = true, time_zone = 'UTC', digest_at = NULL WHERE id = ${member.id}`);
    await ctx.db.execute(sql`INSERT INTO notifications (user_id, type, target_kind, target_id, target_title, target_url, created_at)
      VALUES (${member.id}, 'comment', 'post', gen_random_uuid(), 'A post', '/forum/x', now() - interval '2 days')`);
    const now = new Date(Date.UTC(2030, 0, 1, 9));
    // A mailer that sends nothing, in place of the app's: only the digest's bookkeeping is under test here.
    const digestCtx = { ...ctx, mailer: { send: async () => {} } } as unknown as Parameters<typeof sendDigest>[0];
    expect(await membersDueDigest(digestCtx, now, 200)).toContain(member.id);
    await sendDigest(digestCtx, member.id, now);
    expect(await membersDueDigest(digestCtx, now, 200)).not.toContain(member.id);
    const [row] = await queryRows<{ digest_at: string | null }>(ctx.db, sql`SELECT digest_at FROM users WHERE id = ${member.id}`);
    expect(row.digest_at).not.toBeNull();
  });
});
