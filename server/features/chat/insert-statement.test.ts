import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { createUser } from '../../test/factories.ts';
import { openConversation } from '../../test/sockets.ts';
import { insertMessage } from './queries.ts';
import { markDeliveredMany } from './receipt-queries.ts';
import { openMessage } from '../../lib/crypto/fields.ts';

// The stored text is sealed (encryption at rest): compared as the members read it.
const opened = <T extends { id: string; text: string }>(row: T | undefined) => row && { ...row, text: openMessage(row.id, row.text) };

// The message insert and the delivery receipt are built once and filled in per call (decision 0102): nothing of one
// call's values may stay in the statement for the next.
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('the statements each message runs, built once', () => {
  it('takes the sender, text, client id and limit of each call', async () => {
    const [ann, bob] = [await createUser(ctx.db), await createUser(ctx.db)];
    const conversationId = await openConversation(ctx, ann, bob);
    const one = { count: 1, windowMs: 60_000 };
    expect(opened(await insertMessage(ctx.db, conversationId, ann.id, 'first', one, 'c-1'))).toMatchObject({ text: 'first', sender_id: ann.id });
    // Over a limit of one for Ann, but not for Bob, and not under a larger limit given by the next call.
    expect(await insertMessage(ctx.db, conversationId, ann.id, 'second', one, 'c-2')).toBeUndefined();
    expect(opened(await insertMessage(ctx.db, conversationId, bob.id, 'reply', one, 'c-1'))).toMatchObject({ text: 'reply', sender_id: bob.id });
    expect(opened(await insertMessage(ctx.db, conversationId, ann.id, 'third', { count: 5, windowMs: 60_000 }, null))).toMatchObject({ text: 'third' });
    // The same client id again is the same message (nothing stored), for its own sender only.
    expect(await insertMessage(ctx.db, conversationId, ann.id, 'again', { count: 5, windowMs: 60_000 }, 'c-1')).toBeUndefined();
  });

  it('marks delivered for the reader of each call only, and of each pair in a batch', async () => {
    const [ann, bob, cat] = [await createUser(ctx.db), await createUser(ctx.db), await createUser(ctx.db)];
    const withBob = await openConversation(ctx, ann, bob);
    const withCat = await openConversation(ctx, ann, cat);
    const toBob = await insertMessage(ctx.db, withBob, ann.id, 'to Bob');
    const toCat = await insertMessage(ctx.db, withCat, ann.id, 'to Cat');
    const one = async (conversationId: string, userId: string) => (await markDeliveredMany(ctx.db, [{ conversationId, userId }]))[0];
    expect(await one(withBob, bob.id)).toMatchObject({ member: true, changed: [{ id: toBob!.id, senderId: ann.id }] });
    expect(await one(withBob, cat.id)).toMatchObject({ member: false, changed: [] });
    expect((await one(withCat, cat.id)).changed).toHaveLength(1);
    // In one batch: each pair its own result, a stranger's ask changing nothing, the same pair asked twice once.
    const again = await insertMessage(ctx.db, withCat, ann.id, 'to Cat again');
    const batch = await markDeliveredMany(ctx.db, [
      { conversationId: withCat, userId: cat.id }, { conversationId: withCat, userId: bob.id }, { conversationId: withCat, userId: cat.id },
      { conversationId: withBob, userId: bob.id },
    ]);
    const of = (conversationId: string, userId: string) => batch.find((r) => r.conversationId === conversationId && r.userId === userId);
    expect(batch).toHaveLength(3);
    expect(of(withCat, cat.id)).toMatchObject({ member: true, isGroup: false, changed: [{ id: again!.id, senderId: ann.id }] });
    expect(of(withCat, bob.id)).toMatchObject({ member: false, changed: [] });
    expect(of(withBob, bob.id)).toMatchObject({ member: true, changed: [] });
    expect(toCat).toBeDefined();
  });
});
