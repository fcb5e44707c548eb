import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { createUser } from '../../test/factories.ts';
import { openConversation } from '../../test/sockets.ts';
import { insertMessage } from './queries.ts';
import { openMessage } from '../../lib/crypto/fields.ts';

// The stored text is sealed (encryption at rest): compared as the members read it.
const opened = <T extends { id: string; text: string }>(row: T | undefined) => row && { ...row, text: openMessage(row.id, row.text) };

// A block is enforced where the message is stored, so no path to the insert can skip it (decision 0081).
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('a message to a member who blocked the sender', () => {
  it('is refused by the insert statement itself, not by a check before it', async () => {
    const [me, other] = [await createUser(ctx.db), await createUser(ctx.db)];
    const conversationId = await openConversation(ctx, other, me);
    const blocked = await ctx.app.inject({ method: 'POST', url: `/api/users/${other.id}/block`, headers: me.headers });
    expect(blocked.statusCode).toBe(200);
    expect(await insertMessage(ctx.db, conversationId, other.id, 'hi')).toBeUndefined();
    expect(opened(await insertMessage(ctx.db, conversationId, me.id, 'hi'))).toMatchObject({ text: 'hi' });
  });
});
