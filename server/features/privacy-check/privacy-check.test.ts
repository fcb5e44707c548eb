// POST /api/privacy/check: what the client-privacy guard finds in a text, for verified members only, bounded in
// length and counted in its own write limit.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRIVACY_CHECK_MAX, PrivacyCheckResponse } from '../../../common/privacy-check.ts';
import { NOT_VERIFIED } from '../../lib/auth.ts';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { createAdmin, createUser } from '../../test/factories.ts';
import { caller } from '../../test/http.ts';

let ctx: TestContext;
const call = caller(() => ctx.app);
const check = (user: Parameters<typeof call>[2], body: object) => call('POST', '/api/privacy/check', user, body);

beforeAll(async () => {
  ctx = await createTestContext({ config: { WRITE_LIMITS: 'checks=3/60' } });
});
afterAll(() => ctx.close());

describe('POST /api/privacy/check', () => {
  it('answers each finding with its kind, place in the text and certainty', async () => {
    const member = await createUser(ctx.db);
    const text = 'Maria Lopez, 34, call 416-555-0199';
    const res = await check(member, { text });
    expect(res.status).toBe(200);
    expect(PrivacyCheckResponse.parse(res.body)).toEqual(res.body);
    expect(res.body.findings.map((f: { kind: string; start: number; end: number; certainty: string }) =>
      [f.kind, text.slice(f.start, f.end), f.certainty])).toEqual([['name', 'Maria Lopez', 'likely'], ['phone', '416-555-0199', 'certain']]);
    expect((await check(member, { text: 'Teen with panic attacks, CBT in 2024 helped' })).body).toEqual({ findings: [] });
  });

  it('is for verified members: a visitor hears 401 and a pending member 403, whatever they send', async () => {
    const pending = await createUser(ctx.db, { status: 'pending' });
    expect((await check(undefined, { junk: 1 })).status).toBe(401);
    expect(await check(pending, { junk: 1 })).toEqual({ status: 403, body: { msg: NOT_VERIFIED, code: 'NOT_VERIFIED' } });
    const admin = await createAdmin(ctx.db);
    expect((await check(admin, { text: 'evenings' })).status).toBe(200);
  });

  it('refuses junk and a text past the bound with a 400 naming the field', async () => {
    // A member each time: this app allows 3 checks a minute per member.
    for (const body of [{}, { text: 42 }, { text: null }, ['text'], { text: { nested: 'x' } }]) {
      const res = await check(await createUser(ctx.db), body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.code).toBe('VALIDATION');
    }
    const long = await check(await createUser(ctx.db), { text: 'x'.repeat(PRIVACY_CHECK_MAX + 1) });
    expect(long).toEqual({ status: 400, body: { msg: `Invalid text: must be at most ${PRIVACY_CHECK_MAX} characters`, code: 'VALIDATION' } });
  });

  it('counts checks per member in their own write limit', async () => {
    const [member, other] = await Promise.all([createUser(ctx.db), createUser(ctx.db)]);
    for (let i = 0; i < 3; i++) expect((await check(member, { text: 'evenings' })).status).toBe(200);
    const limited = await check(member, { text: 'evenings' });
    expect(limited.status).toBe(429);
    expect(limited.body.code).toBe('RATE_LIMITED');
    expect((await check(other, { text: 'evenings' })).status).toBe(200);
    // Other writes of the same member are not used up by checks.
    expect((await call('POST', '/api/referrals', member, {})).status).toBe(400);
  });
});
