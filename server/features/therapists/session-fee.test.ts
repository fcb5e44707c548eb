// A fee per session and the young-adult age group on profiles (docs/decisions/0169): validated, stored as given, shown
// to readers.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_FEE_MAX } from '../../../common/options.ts';
import { users } from '../../db/schema.ts';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { caller } from '../../test/http.ts';
import { createUser, type TestUser } from '../../test/factories.ts';

let ctx: TestContext;
const call = caller(() => ctx.app);
let me: TestUser;
let reader: TestUser;

beforeAll(async () => {
  ctx = await createTestContext();
  [me, reader] = await Promise.all([createUser(ctx.db), createUser(ctx.db)]);
});
afterAll(async () => {
  await ctx?.close();
});

const put = (body: object) => call('PUT', '/api/users/me', me, body);
const stored = async () => (await ctx.db.select().from(users).where(eq(users.id, me.id)))[0];

describe('PUT /api/users/me: sessionFee', () => {
  it('starts without a fee; a fee with its currency is stored in cents and shown on the profile to every reader', async () => {
    expect((await call('GET', `/api/users/${me.id}`, reader)).body.sessionFee).toBeNull();
    const { status, body } = await put({ sessionFee: { amount: 142.5, currency: 'CAD' } });
    expect([status, body.sessionFee]).toEqual([200, { amount: 142.5, currency: 'CAD' }]);
    expect(await stored()).toMatchObject({ sessionFeeCents: 14250, sessionFeeCurrency: 'CAD' });
    expect((await call('GET', `/api/users/${me.id}`, reader)).body.sessionFee).toEqual({ amount: 142.5, currency: 'CAD' });
    // Saving other fields keeps it; the highest amount and two decimals are taken; null removes it.
    expect((await put({ bio: 'Hello' })).body.sessionFee).toEqual({ amount: 142.5, currency: 'CAD' });
    expect((await put({ sessionFee: { amount: SESSION_FEE_MAX, currency: 'USD' } })).body.sessionFee).toEqual({ amount: SESSION_FEE_MAX, currency: 'USD' });
    expect((await put({ sessionFee: { amount: 0.07, currency: 'USD' } })).body.sessionFee).toEqual({ amount: 0.07, currency: 'USD' });
    expect((await put({ sessionFee: null })).body.sessionFee).toBeNull();
    expect(await stored()).toMatchObject({ sessionFeeCents: null, sessionFeeCurrency: null });
  });

  it.each([
    [{ amount: 0, currency: 'CAD' }, 'Invalid sessionFee.amount: must be more than 0'],
    [{ amount: -5, currency: 'CAD' }, 'Invalid sessionFee.amount: must be more than 0'],
    [{ amount: SESSION_FEE_MAX + 0.01, currency: 'CAD' }, `Invalid sessionFee.amount: must be at most ${SESSION_FEE_MAX}`],
    [{ amount: 100.005, currency: 'CAD' }, 'Invalid sessionFee.amount: must have at most two decimals'],
    [{ amount: '150', currency: 'CAD' }, 'Invalid sessionFee.amount'],
    [{ amount: 150, currency: 'EUR' }, 'Invalid sessionFee.currency: must be one of: CAD, USD'],
    [{ amount: 150 }, 'Invalid sessionFee.currency'],
    [{ currency: 'CAD' }, 'Invalid sessionFee.amount'],
    ['150 CAD', 'Invalid sessionFee'],
  ])('refuses %j with 400 naming the field, and changes nothing', async (sessionFee, msg) => {
    await put({ sessionFee: { amount: 90, currency: 'USD' } });
    const before = await stored();
    const { status, body } = await put({ sessionFee, bio: 'changed too' });
    expect(status).toBe(400);
    expect(body.msg).toContain(msg);
    expect(await stored()).toEqual(before);
  });
});

describe('age groups: young adults', () => {
  it('is an option a profile takes and the directory filters on; the spec\'s six are kept as they were', async () => {
    const { status, body } = await put({ demographics: ['Young adults', 'Adults'] });
    expect([status, body.demographics]).toEqual([200, ['Young adults', 'Adults']]);
    const found = await call('GET', `/api/users?demographics=${encodeURIComponent('Young adults')}`, reader);
    expect(found.body.users.map((u: { _id: string }) => u._id)).toContain(me.id);
    expect((await put({ demographics: ['Toddler', 'Children (6-10)', 'Preteen', 'Teen', 'Adults', 'Elders (65+)'] })).status).toBe(200);
  });
});
