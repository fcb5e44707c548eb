// Passkeys through the API, answered by a software authenticator whose answers the server checks as it checks a
// browser's: adding several, naming and removing them, signing in with one alone or as the second step.
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSKEY_TEXTS } from '../../../common/security-policy.ts';
import { auditLog, passkeys, webauthnChallenges } from '../../db/schema.ts';
import { relyingParty } from '../../lib/webauthn.ts';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { caller } from '../../test/http.ts';
import { createUser, type TestUser } from '../../test/factories.ts';
import { codeAt, enrol } from '../../test/totp.ts';
import { addPasskey, SoftAuthenticator } from '../../test/webauthn.ts';

let ctx: TestContext;
let origin: string;
const call = caller(() => ctx.app);
beforeAll(async () => {
  ctx = await createTestContext();
  origin = relyingParty(ctx.config).origin;
});
afterAll(() => ctx.close());

const signInOptions = async () => (await call('POST', '/api/users/login/passkey/options')).body;
const signIn = (response: object) => call('POST', '/api/users/login/passkey', undefined, { response });
const signedInAs = async (token: string) => (await ctx.app.inject({ url: '/api/users/me', headers: { 'x-auth-token': token } })).json()._id;
const login = (user: TestUser) => call('POST', '/api/users/login', undefined, { email: user.email, password: user.password });

describe('who may use the passkey routes', () => {
  it.each([
    ['GET', '/api/users/me/passkeys'], ['POST', '/api/users/me/passkeys/options'], ['POST', '/api/users/me/passkeys'],
    ['PATCH', '/api/users/me/passkeys/00000000-0000-0000-0000-000000000000'], ['DELETE', '/api/users/me/passkeys/00000000-0000-0000-0000-000000000000'],
  ] as const)('%s %s: 401 for a visitor, whatever the body', async (method, url) => {
    expect(await call(method, url, undefined, { name: 'x'.repeat(500) })).toMatchObject({ status: 401, body: { code: 'UNAUTHORIZED' } });
  });

  it('a pending member may add one; adding asks for the current password first', async () => {
    const pending = await createUser(ctx.db, { status: 'pending' });
    expect(await call('POST', '/api/users/me/passkeys/options', pending, { password: 'wrong-password' })).toMatchObject({ status: 400 });
    await addPasskey(ctx.app, pending, origin);
    expect((await call('GET', '/api/users/me/passkeys', pending)).body.passkeys).toHaveLength(1);
  });

  it("another member's passkey can be neither renamed nor removed (404, unchanged)", async () => {
    const owner = await createUser(ctx.db);
    const other = await createUser(ctx.db);
    const { id } = await addPasskey(ctx.app, owner, origin, 'Phone');
    expect((await call('PATCH', `/api/users/me/passkeys/${id}`, other, { name: 'Mine' })).status).toBe(404);
    expect((await call('DELETE', `/api/users/me/passkeys/${id}`, other)).status).toBe(404);
    expect((await call('GET', '/api/users/me/passkeys', owner)).body.passkeys).toMatchObject([{ _id: id, name: 'Phone' }]);
  });
});

describe('a member\'s passkeys', () => {
  it('several per account: listed with name, creation and last use; renamed; removed; each change audited', async () => {
    const member = await createUser(ctx.db);
    const laptop = await addPasskey(ctx.app, member, origin, 'Laptop');
    const phone = await addPasskey(ctx.app, member, origin, 'Phone');
    const listed = (await call('GET', '/api/users/me/passkeys', member)).body.passkeys;
    expect(listed).toEqual([
      { _id: laptop.id, name: 'Laptop', createdAt: expect.any(String), lastUsedAt: null },
      { _id: phone.id, name: 'Phone', createdAt: expect.any(String), lastUsedAt: null },
    ]);
    expect(await call('PATCH', `/api/users/me/passkeys/${phone.id}`, member, { name: '  Work phone ' })).toEqual({ status: 200, body: { msg: PASSKEY_TEXTS.renamed } });
    expect((await call('PATCH', `/api/users/me/passkeys/${phone.id}`, member, { name: '' })).status).toBe(400);
    expect((await call('PATCH', `/api/users/me/passkeys/${phone.id}`, member, { name: 'x'.repeat(61) })).status).toBe(400);
    expect(await call('DELETE', `/api/users/me/passkeys/${laptop.id}`, member)).toEqual({ status: 200, body: { msg: PASSKEY_TEXTS.removed } });
    expect((await call('GET', '/api/users/me/passkeys', member)).body.passkeys).toMatchObject([{ _id: phone.id, name: 'Work phone' }]);
    const actions = await ctx.db.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.actorId, member.id));
    expect(actions.map((a) => a.action).sort()).toEqual(['passkey.add', 'passkey.add', 'passkey.remove', 'passkey.rename']);
    // A removed passkey signs in no more.
    expect((await signIn(laptop.authenticator.get(await signInOptions()))).status).toBe(400);
  });

  it('the same authenticator cannot be registered twice, and a registration answer for another site is refused', async () => {
    const member = await createUser(ctx.db);
    const authenticator = new SoftAuthenticator(origin);
    const options = async () => (await call('POST', '/api/users/me/passkeys/options', member, { password: member.password })).body;
    expect((await call('POST', '/api/users/me/passkeys', member, { name: 'A', response: authenticator.create(await options()) })).status).toBe(201);
    expect((await call('POST', '/api/users/me/passkeys', member, { name: 'B', response: authenticator.create(await options()) })).status).toBe(409);
    const foreign = new SoftAuthenticator('https://elsewhere.example');
    expect(await call('POST', '/api/users/me/passkeys', member, { name: 'C', response: foreign.create(await options()) }))
      .toEqual({ status: 400, body: { msg: PASSKEY_TEXTS.refused, code: 'BAD_REQUEST' } });
  });
});

describe('signing in with a passkey alone', () => {
  it('opens a session for the passkey\'s owner and records its last use', async () => {
    const member = await createUser(ctx.db);
    const { authenticator, id } = await addPasskey(ctx.app, member, origin);
    const signedIn = await signIn(authenticator.get(await signInOptions()));
    expect(signedIn).toEqual({ status: 200, body: { token: expect.any(String) } });
    expect(await signedInAs(signedIn.body.token)).toBe(member.id);
    const [row] = await ctx.db.select({ lastUsedAt: passkeys.lastUsedAt }).from(passkeys).where(eq(passkeys.id, id));
    expect(row.lastUsedAt).not.toBeNull();
  });

  it('refuses an answer replayed, a challenge used twice, an expired challenge, another site\'s and an unknown key\'s', async () => {
    const member = await createUser(ctx.db);
    const { authenticator } = await addPasskey(ctx.app, member, origin);
    const answer = authenticator.get(await signInOptions());
    expect((await signIn(answer)).status).toBe(200);
    expect(await signIn(answer)).toEqual({ status: 400, body: { msg: PASSKEY_TEXTS.expired, code: 'BAD_REQUEST' } });

    // A fresh signature over a challenge already answered.
    const options = await signInOptions();
    expect((await signIn(authenticator.get(options))).status).toBe(200);
    expect((await signIn(authenticator.get(options))).status).toBe(400);

    const late = await signInOptions();
    await ctx.db.update(webauthnChallenges).set({ expiresAt: sql`now() - interval '1 second'` }).where(eq(webauthnChallenges.challenge, late.challenge));
    expect(await signIn(authenticator.get(late))).toEqual({ status: 400, body: { msg: PASSKEY_TEXTS.expired, code: 'BAD_REQUEST' } });

    expect(await signIn(authenticator.get(await signInOptions(), { origin: 'https://elsewhere.example' })))
      .toEqual({ status: 400, body: { msg: PASSKEY_TEXTS.refused, code: 'BAD_REQUEST' } });
    expect((await signIn(new SoftAuthenticator(origin).get(await signInOptions()))).status).toBe(400);
    // A challenge handed out to add a passkey is not one to sign in with.
    const adding = (await call('POST', '/api/users/me/passkeys/options', member, { password: member.password })).body;
    expect((await signIn(authenticator.get({ challenge: adding.challenge }))).status).toBe(400);
  });

  it('refuses a passkey whose authenticator did not verify its user, and a suspended account', async () => {
    const member = await createUser(ctx.db);
    const options = (await call('POST', '/api/users/me/passkeys/options', member, { password: member.password })).body;
    const unverified = new SoftAuthenticator(origin, { userVerified: false });
    expect((await call('POST', '/api/users/me/passkeys', member, { name: 'Key', response: unverified.create(options) })).status).toBe(201);
    expect((await signIn(unverified.get(await signInOptions()))).status).toBe(400);

    const suspended = await createUser(ctx.db);
    const { authenticator } = await addPasskey(ctx.app, suspended, origin);
    await ctx.db.execute(sql`UPDATE users SET disabled = true WHERE id = ${suspended.id}`);
    expect((await signIn(authenticator.get(await signInOptions()))).status).toBe(403);
  });

  it('bad bodies are refused with 400', async () => {
    for (const response of [undefined, {}, { id: 'x', rawId: 'x', type: 'public-key', response: { clientDataJSON: '***' } }]) {
      expect((await call('POST', '/api/users/login/passkey', undefined, { response })).status).toBe(400);
    }
    const junk = { id: 'AA', rawId: 'AA', type: 'public-key', response: { clientDataJSON: 'bm90IGpzb24', authenticatorData: 'AA', signature: 'AA' } };
    expect((await signIn(junk)).status).toBe(400);
  });
});

describe('a passkey as the second step', () => {
  const options = async (mfaToken: string) => (await call('POST', '/api/users/login/2fa/passkey/options', undefined, { mfaToken })).body;
  const secondStep = (mfaToken: string, response: object) => call('POST', '/api/users/login/2fa/passkey', undefined, { mfaToken, response });

  it('with a passkey the password alone opens no session; the passkey finishes it instead of a code, once', async () => {
    const member = await createUser(ctx.db);
    await enrol(ctx.app, member);
    const { authenticator } = await addPasskey(ctx.app, member, origin);
    const first = (await login(member)).body;
    expect(first).toEqual({ mfaRequired: true, mfaToken: expect.any(String), factors: ['totp', 'passkey', 'recoveryCode'] });
    const done = await secondStep(first.mfaToken, authenticator.get(await options(first.mfaToken)));
    expect(done).toEqual({ status: 200, body: { token: expect.any(String) } });
    expect(await signedInAs(done.body.token)).toBe(member.id);
    // The password step's token is used up: neither another passkey answer nor a code finishes it again.
    expect((await call('POST', '/api/users/login/2fa/passkey/options', undefined, { mfaToken: first.mfaToken })).status).toBe(401);
    expect((await call('POST', '/api/users/login/2fa', undefined, { mfaToken: first.mfaToken, code: codeAt('AAAA') })).status).toBe(401);
  });

  it('a member with only passkeys is asked for one after the password too, and offered only that', async () => {
    const member = await createUser(ctx.db);
    const { authenticator } = await addPasskey(ctx.app, member, origin);
    const first = (await login(member)).body;
    expect(first).toEqual({ mfaRequired: true, mfaToken: expect.any(String), factors: ['passkey'] });
    expect((await secondStep(first.mfaToken, authenticator.get(await options(first.mfaToken)))).status).toBe(200);
  });

  it("refuses another account's passkey, a replayed answer and a sign-in challenge", async () => {
    const member = await createUser(ctx.db);
    const other = await createUser(ctx.db);
    const mine = await addPasskey(ctx.app, member, origin);
    const theirs = await addPasskey(ctx.app, other, origin);
    const { mfaToken } = (await login(member)).body;
    expect(await secondStep(mfaToken, theirs.authenticator.get(await options(mfaToken))))
      .toEqual({ status: 400, body: { msg: PASSKEY_TEXTS.refused, code: 'BAD_REQUEST' } });
    expect((await secondStep(mfaToken, mine.authenticator.get(await signInOptions()))).status).toBe(400);
    const answer = mine.authenticator.get(await options(mfaToken));
    expect((await secondStep(mfaToken, answer)).status).toBe(200);
    const again = (await login(member)).body.mfaToken;
    expect((await secondStep(again, answer)).status).toBe(400);
    expect((await call('POST', '/api/users/login/2fa/passkey/options', undefined, { mfaToken: 'not-a-token' })).status).toBe(401);
  });

  it('the challenge is bound to the account: another sign-in\'s challenge does not finish this one', async () => {
    const member = await createUser(ctx.db);
    const { authenticator } = await addPasskey(ctx.app, member, origin);
    const a = (await login(member)).body.mfaToken;
    const b = (await login(member)).body.mfaToken;
    const answer = authenticator.get(await options(a));
    expect((await secondStep(b, answer)).status).toBe(200);
    expect((await secondStep(a, answer)).status).toBe(400);
    const left = await ctx.db.$count(webauthnChallenges, and(eq(webauthnChallenges.userId, member.id), eq(webauthnChallenges.purpose, 'second-factor')));
    expect(left).toBe(0);
  });
});
