// Signing in with a passkey: alone (a discoverable passkey that verified its user is both factors), or as the second
// step after the password, in place of a TOTP code. Failures are counted per address on the limiter every node shares.
import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { users } from '../../db/schema.ts';
import { pendingSignIn, useUpChallenge } from './mfa-sign-in.ts';
import { sessionSignedIn, signedInSession } from './sign-in-audit.ts';
import { sessionDevice } from '../../lib/device.ts';
import { AppError, forbidden, tooManyRequests } from '../../lib/errors.ts';
import { hashToken } from '../../lib/tokens.ts';
import { authenticationOptions, verifyAssertion } from '../../lib/webauthn.ts';
import { TOO_MANY_LOGINS } from './limits.ts';

type Caller = { ip: string; userAgent?: string };
const ACCOUNT_DISABLED = 'This account has been disabled. Please contact an administrator.';
const failures = (ip: string) => `passkey:ip:${ip}`;
const optionsAsked = (ip: string) => `passkey-options:ip:${ip}`;

async function assertAllowed(ctx: AppContext, ip: string): Promise<void> {
  if (await ctx.limiter.count(failures(ip)) >= ctx.config.limits.loginFailsPerIp) throw tooManyRequests(TOO_MANY_LOGINS);
}

/** Counts a refused answer, then lets the refusal through. */
async function counted<T>(ctx: AppContext, ip: string, work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (error instanceof AppError && error.status === 400) await ctx.limiter.hit(failures(ip), ctx.config.limits.loginWindowMs);
    throw error;
  }
}

/** Options for a sign-in with a passkey alone; each is a stored challenge, so how many an address may ask is bounded. */
export async function signInOptions(ctx: AppContext, caller: Caller) {
  await assertAllowed(ctx, caller.ip);
  if (await ctx.limiter.hit(optionsAsked(caller.ip), ctx.config.limits.loginWindowMs) > ctx.config.limits.loginFailsPerIp * 10) {
    throw tooManyRequests(TOO_MANY_LOGINS);
  }
  return authenticationOptions(ctx.db, ctx.config, 'sign-in', null);
}

export async function signInWithPasskey(ctx: AppContext, input: Caller & { response: AuthenticationResponseJSON }): Promise<string> {
  await assertAllowed(ctx, input.ip);
  const { userId } = await counted(ctx, input.ip, verifyAssertion(ctx.db, ctx.config, 'sign-in', null, input.response));
  const [user] = await ctx.db.select({ disabled: users.disabled }).from(users).where(eq(users.id, userId));
  if (!user || user.disabled) throw forbidden(ACCOUNT_DISABLED);
  return signedInSession(ctx.db, userId, sessionDevice(input.userAgent, input.ip), { secondFactor: false, passkey: true });
}

export async function secondFactorOptions(ctx: AppContext, input: { mfaToken: string }) {
  const userId = await pendingSignIn(ctx.db, hashToken(input.mfaToken));
  return authenticationOptions(ctx.db, ctx.config, 'second-factor', userId);
}

/** The second step with one of the account's own passkeys; the password step's token is used up with it. */
export async function secondFactorWithPasskey(ctx: AppContext, input: Caller & { mfaToken: string; response: AuthenticationResponseJSON }): Promise<string> {
  await assertAllowed(ctx, input.ip);
  const tokenHash = hashToken(input.mfaToken);
  const userId = await pendingSignIn(ctx.db, tokenHash);
  await counted(ctx, input.ip, verifyAssertion(ctx.db, ctx.config, 'second-factor', userId, input.response));
  return ctx.db.transaction(async (tx) => {
    await useUpChallenge(tx, tokenHash);
    return sessionSignedIn(tx, userId, sessionDevice(input.userAgent, input.ip), { secondFactor: true, passkey: true });
  });
}
