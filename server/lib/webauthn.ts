// WebAuthn with @simplewebauthn/server (docs/decisions/0190-sign-in-policy-and-passkeys.md): the relying party is the configured public
// URL, and every challenge is kept in webauthn_challenges until one answer uses it up, or for a few minutes at most.
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import {
  generateAuthenticationOptions, generateRegistrationOptions, verifyAuthenticationResponse, verifyRegistrationResponse,
  type AuthenticationResponseJSON, type AuthenticatorTransport, type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { isoBase64URL } from '@simplewebauthn/server/helpers';
import { PASSKEY_TEXTS } from '../../common/security-policy.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { passkeys, webauthnChallenges } from '../db/schema.ts';
import { AppError, badRequest } from './errors.ts';

const CHALLENGE_TTL_MS = 5 * 60_000;
const RP_NAME = 'Thera Root';
export type ChallengePurpose = 'register' | 'sign-in' | 'second-factor';

/**
 * The relying party: the public URL's host and origin. Browsers refuse an IP address as an RP ID, so on a loopback
 * address (a developer's machine, the browser tests) the same server is reached by the name localhost.
 */
export function relyingParty(config: Pick<Config, 'publicUrl'>): { rpID: string; origin: string } {
  const url = new URL(config.publicUrl);
  if (url.hostname === '127.0.0.1' || url.hostname === '[::1]') url.hostname = 'localhost';
  return { rpID: url.hostname, origin: url.origin };
}

const expired = () => new AppError(400, 'BAD_REQUEST', PASSKEY_TEXTS.expired);
const refused = () => badRequest(PASSKEY_TEXTS.refused);

async function keepChallenge(db: Db, challenge: string, purpose: ChallengePurpose, userId: string | null): Promise<void> {
  const now = new Date();
  await db.delete(webauthnChallenges).where(lt(webauthnChallenges.expiresAt, now));
  await db.insert(webauthnChallenges).values({ challenge, purpose, userId, expiresAt: new Date(now.getTime() + CHALLENGE_TTL_MS) });
}

/**
 * The challenge the answer signed, used up in the statement that finds it: a second answer to it, even at the same
 * moment on another node, finds nothing. It must be for this step and (where there is one) this account.
 */
async function useChallenge(db: Db, clientDataJSON: string, purpose: ChallengePurpose, userId: string | null): Promise<{ challenge: string; userId: string | null }> {
  let challenge: unknown;
  try {
    challenge = (JSON.parse(isoBase64URL.toUTF8String(clientDataJSON)) as { challenge?: unknown }).challenge;
  } catch {
    throw refused();
  }
  if (typeof challenge !== 'string' || challenge.length > 200) throw refused();
  const forUser = userId === null ? isNull(webauthnChallenges.userId) : eq(webauthnChallenges.userId, userId);
  const [row] = await db.delete(webauthnChallenges)
    .where(and(eq(webauthnChallenges.challenge, challenge), eq(webauthnChallenges.purpose, purpose), forUser, gt(webauthnChallenges.expiresAt, new Date())))
    .returning({ userId: webauthnChallenges.userId });
  if (!row) throw expired();
  return { challenge, userId: row.userId };
}

type Account = { id: string; email: string; name: string };

export async function registrationOptions(db: Db, config: Config, account: Account) {
  const existing = await db.select({ id: passkeys.credentialId, transports: passkeys.transports }).from(passkeys).where(eq(passkeys.userId, account.id));
  const options = await generateRegistrationOptions({
    rpName: RP_NAME, rpID: relyingParty(config).rpID,
    userName: account.email, userDisplayName: account.name, userID: isoBase64URL.toBuffer(uuidToBase64url(account.id)),
    attestationType: 'none',
    excludeCredentials: existing.map((c) => ({ id: c.id, transports: c.transports as AuthenticatorTransport[] })),
    // Discoverable, so the same passkey can later sign in without an email typed first.
    authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
  });
  await keepChallenge(db, options.challenge, 'register', account.id);
  return options;
}

/** The new credential, checked against its challenge (used up whatever the outcome). */
export async function verifyRegistration(db: Db, config: Config, userId: string, response: RegistrationResponseJSON) {
  const { challenge } = await useChallenge(db, response.response.clientDataJSON, 'register', userId);
  const { rpID, origin } = relyingParty(config);
  const result = await verifyRegistrationResponse({
    response, expectedChallenge: challenge, expectedOrigin: origin, expectedRPID: rpID, requireUserVerification: false,
  }).catch(() => null);
  if (!result?.verified) throw refused();
  const { credential } = result.registrationInfo;
  return { credentialId: credential.id, publicKey: Buffer.from(credential.publicKey), counter: credential.counter, transports: credential.transports ?? [] };
}

/** Options for an assertion: any discoverable passkey (sign-in alone) or one of the account's (second factor). */
export async function authenticationOptions(db: Db, config: Config, purpose: Exclude<ChallengePurpose, 'register'>, userId: string | null) {
  const allow = userId
    ? await db.select({ id: passkeys.credentialId, transports: passkeys.transports }).from(passkeys).where(eq(passkeys.userId, userId))
    : [];
  const options = await generateAuthenticationOptions({
    rpID: relyingParty(config).rpID,
    allowCredentials: allow.map((c) => ({ id: c.id, transports: c.transports as AuthenticatorTransport[] })),
    // Alone, a passkey is both factors: the authenticator must have verified its user (PIN, biometrics).
    userVerification: purpose === 'sign-in' ? 'required' : 'preferred',
  });
  await keepChallenge(db, options.challenge, purpose, userId);
  return options;
}

/**
 * The account whose passkey signed the challenge; `userId` (second factor) restricts it to that account's passkeys.
 * The passkey's counter and last use move on in the same statement that checks the counter has not gone back.
 */
export async function verifyAssertion(
  db: Db, config: Config, purpose: Exclude<ChallengePurpose, 'register'>, userId: string | null, response: AuthenticationResponseJSON,
): Promise<{ userId: string; passkeyId: string }> {
  const { challenge } = await useChallenge(db, response.response.clientDataJSON, purpose, userId);
  const [stored] = await db.select().from(passkeys).where(eq(passkeys.credentialId, response.id)).limit(1);
  if (!stored || (userId !== null && stored.userId !== userId)) throw refused();
  const { rpID, origin } = relyingParty(config);
  const result = await verifyAuthenticationResponse({
    response, expectedChallenge: challenge, expectedOrigin: origin, expectedRPID: rpID,
    credential: { id: stored.credentialId, publicKey: new Uint8Array(stored.publicKey), counter: stored.counter, transports: stored.transports as AuthenticatorTransport[] },
    requireUserVerification: purpose === 'sign-in',
  }).catch(() => null);
  if (!result?.verified) throw refused();
  const { newCounter } = result.authenticationInfo;
  const moved = await db.update(passkeys).set({ counter: newCounter, lastUsedAt: new Date() })
    .where(and(eq(passkeys.id, stored.id), sql`((${passkeys.counter} = 0 AND ${newCounter}::bigint = 0) OR ${passkeys.counter} < ${newCounter}::bigint)`))
    .returning({ id: passkeys.id });
  if (!moved.length) throw refused();
  return { userId: stored.userId, passkeyId: stored.id };
}

/** WebAuthn's user handle: the account's id as 16 bytes, never the email. */
function uuidToBase64url(id: string): string {
  return isoBase64URL.fromBuffer(Buffer.from(id.replace(/-/g, ''), 'hex'));
}
