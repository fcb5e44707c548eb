import { and, eq, lt, ne, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db/client.ts';
import { queryPrepared } from '../db/prepared.ts';
import type { SqlRow, SqlValue } from '../db/rows.ts';
import { emailChangeTokens, mfaChallenges, passwordResetTokens, sessions, type users } from '../db/schema.ts';
import { IDLE_REMAINING_HEADER, type RequireTwoFactor } from '../../common/security-policy.ts';
import { forbidden, unauthorized } from './errors.ts';
import { ACCESS } from './error-texts.ts';
import { localText } from './i18n.ts';
import type { SessionDevice } from './device.ts';
import type { CachedSession, SessionCache } from './session-cache.ts';
import { hashToken, newToken } from './tokens.ts';

type Role = 'admin' | 'user';
type VerificationStatus = 'pending' | 'verified' | 'rejected';
export type CurrentUser = {
  id: string; name: string; role: Role; verificationStatus: VerificationStatus; sessionId: string;
  /** Without a second factor where the sign-in policy (or ADMIN_REQUIRE_2FA) asks one of them: may only enrol. */
  mustEnrolTwoFactor?: boolean;
  /** When this session signs out if nothing more is done (epoch ms), for the web app's warning. */
  idleDeadline?: number;
  /**
   * Read with the session (one statement), so /api/users/me needs no query of its own; absent where a user is made
   * otherwise (sockets, tests). Whatever changes them forgets the session on every node (decision 0098).
   */
  twoFactorEnabled?: boolean; rejectionReason?: string | null;
  /** The language the member chose (common/i18n/locales.ts), null to follow the browser; read with the session too. */
  locale?: string | null;
};
/**
 * `current`, where given, is the administrators' sign-in policy (a platform setting, read through the shared read
 * cache): its idle limit replaces `idleMs`, and whom it makes enrol adds to `adminRequireTwoFactor`.
 */
export type SessionPolicy = {
  maxAgeMs: number; idleMs: number; adminRequireTwoFactor?: boolean; cacheMs?: number;
  current?: () => Promise<{ idleMinutes: number; requireTwoFactor: RequireTwoFactor }>;
};

declare module 'fastify' {
  interface FastifyRequest {
    user: CurrentUser | null;
    // Set when a token was sent but is not valid, so the 401 can say the session ended.
    sessionEnded: boolean;
  }
}

// Each in the reader's language (server/lib/i18n.ts); the English is what clients and tests have always read.
export const NOT_VERIFIED = ACCESS.notVerified.defaultMessage;
export const ADMINS_ONLY = ACCESS.adminsOnly.defaultMessage;
export const TWO_FACTOR_REQUIRED = ACCESS.adminTwoFactorRequired.defaultMessage;
export const MEMBER_TWO_FACTOR_REQUIRED = ACCESS.memberTwoFactorRequired.defaultMessage;
// last_used_at is written at most this often, so reads do not turn into writes.
const TOUCH_INTERVAL_MS = 60_000;

/** A new session's token; `device` is what the sessions list shows of where it was opened. */
export async function createSession(db: Db, userId: string, device?: SessionDevice): Promise<string> {
  const { token, hash } = newToken();
  await db.insert(sessions).values({ userId, tokenHash: hash, userAgent: device?.userAgent ?? null, ip: device?.ip ?? null });
  return token;
}

export async function revokeSession(db: Db, sessionId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

export async function revokeAllSessions(db: Db, userId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}

/** Every outstanding password-reset link of the user stops working (a link used, a password changed, an account disabled). */
export async function revokeResetLinks(db: Db, userId: string): Promise<void> {
  await db.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, userId));
}

/**
 * The user's sessions but `keep` (every one when it is absent) are deleted; their ids are returned so the caller, once
 * the transaction is committed, ends their sockets and forgets them on every node (realtime.endSession). A page cookie
 * holds a session's token, so it stops rendering the member's pages at the same moment.
 */
export async function revokeOtherSessions(db: Db, userId: string, keep?: string): Promise<string[]> {
  const which = keep ? and(eq(sessions.userId, userId), ne(sessions.id, keep)) : eq(sessions.userId, userId);
  const ended = await db.delete(sessions).where(which).returning({ id: sessions.id });
  return ended.map((row) => row.id);
}

/**
 * What was started under the account's old credentials stops: a pending change of email (its link no longer confirms)
 * and every sign-in waiting for its second step (its token no longer completes). Called when the password or the
 * two-factor state changes and when the email changes, so a stolen password or session cannot finish what it began.
 */
export async function cancelPendingChanges(db: Db, userId: string): Promise<void> {
  await db.delete(emailChangeTokens).where(eq(emailChangeTokens.userId, userId));
  await db.delete(mfaChallenges).where(eq(mfaChallenges.userId, userId));
}

/** loadSession's row: the session, its member, and whether they hold a second factor (computed). */
type SessionRow = SqlRow<typeof sessions, 'created_at' | 'last_used_at'> & { session_id: SqlValue<typeof sessions, 'id'> }
  & SqlRow<typeof users, 'id' | 'name' | 'role' | 'verification_status' | 'disabled' | 'rejection_reason' | 'locale'>
  & { two_factor_enabled: boolean; has_passkey: boolean };

async function loadSession(db: Db, tokenHash: string): Promise<CachedSession | null> {
  // Every authenticated request runs this, so it is one prepared statement (planned once per connection).
  const [row] = await queryPrepared<SessionRow>(db, sql`
    SELECT s.id AS session_id, s.created_at, s.last_used_at, u.id, u.name, u.role, u.verification_status, u.disabled, u.rejection_reason, u.locale,
      EXISTS (SELECT 1 FROM two_factor t WHERE t.user_id = u.id AND t.enabled_at IS NOT NULL) AS two_factor_enabled,
      EXISTS (SELECT 1 FROM passkeys p WHERE p.user_id = u.id) AS has_passkey
    FROM sessions s JOIN users u ON u.id = s.user_id WHERE s.token_hash = ${tokenHash} LIMIT 1`);
  if (!row) return null;
  return {
    sessionId: row.session_id, userId: row.id, name: row.name, role: row.role, verificationStatus: row.verification_status,
    createdAt: new Date(row.created_at).getTime(), lastUsedAt: new Date(row.last_used_at).getTime(),
    disabled: row.disabled, withoutSecondFactor: !row.two_factor_enabled && !row.has_passkey,
    twoFactorEnabled: row.two_factor_enabled, rejectionReason: row.rejection_reason, locale: row.locale,
  };
}

/** Reads may be answered from the session cache; writes and handshakes always ask the database. */
export type SessionLookup = { cache?: SessionCache; fromCache?: boolean };

/** The user behind a token, or null when it is unknown, expired, idle too long or the account is disabled. */
export async function userForToken(
  db: Db, token: string, policy: SessionPolicy, now = new Date(), { cache, fromCache = false }: SessionLookup = {},
): Promise<CurrentUser | null> {
  const hash = hashToken(token);
  let session = fromCache ? cache?.get(hash) : undefined;
  if (!session) {
    session = (await loadSession(db, hash)) ?? undefined;
    if (!session) return null;
    cache?.set(hash, session);
  }
  const current = await policy.current?.();
  const idleMs = current ? current.idleMinutes * 60_000 : policy.idleMs;
  const expired = now.getTime() - session.createdAt > policy.maxAgeMs;
  const idle = now.getTime() - session.lastUsedAt > idleMs;
  if (expired || idle || session.disabled) {
    cache?.forgetSession(session.sessionId);
    await revokeSession(db, session.sessionId);
    return null;
  }
  if (now.getTime() - session.lastUsedAt > TOUCH_INTERVAL_MS && (cache?.claimTouch(session.sessionId, now.getTime(), TOUCH_INTERVAL_MS) ?? true)) {
    session.lastUsedAt = now.getTime();
    await db.update(sessions).set({ lastUsedAt: now })
      .where(and(eq(sessions.id, session.sessionId), lt(sessions.lastUsedAt, sql`${now.toISOString()}::timestamptz`)));
  }
  return {
    id: session.userId, name: session.name, role: session.role as Role,
    verificationStatus: session.verificationStatus as VerificationStatus, sessionId: session.sessionId,
    mustEnrolTwoFactor: session.withoutSecondFactor && mustHaveSecondFactor(session.role, policy, current?.requireTwoFactor),
    twoFactorEnabled: session.twoFactorEnabled, rejectionReason: session.rejectionReason, locale: session.locale,
    idleDeadline: session.lastUsedAt + idleMs,
  };
}

/** Whom the policy makes enrol: ADMIN_REQUIRE_2FA is a floor an administrator's setting cannot lower. */
function mustHaveSecondFactor(role: string, policy: SessionPolicy, required: RequireTwoFactor = 'none'): boolean {
  if (required === 'everyone') return true;
  return role === 'admin' && (required === 'admins' || Boolean(policy.adminRequireTwoFactor));
}

const SAFE_METHODS = new Set(['GET', 'HEAD']);

/** Reads `x-auth-token` on every request; an invalid token leaves the request anonymous. */
export function registerAuth(app: FastifyInstance, db: Db, policy: SessionPolicy, cache?: SessionCache): void {
  app.decorateRequest('user', null);
  app.decorateRequest('sessionEnded', false);
  app.addHook('onRequest', async (request, reply) => {
    const token = request.headers['x-auth-token'];
    if (typeof token !== 'string' || token.length === 0 || token.length > 200) return;
    request.user = await userForToken(db, token, policy, new Date(), { cache, fromCache: SAFE_METHODS.has(request.method) });
    request.sessionEnded = request.user === null;
    if (request.user?.idleDeadline) reply.header(IDLE_REMAINING_HEADER, String(Math.max(0, request.user.idleDeadline - Date.now())));
  });
}

export function requireUser(request: FastifyRequest): CurrentUser {
  if (!request.user) throw request.sessionEnded ? unauthorized(localText(ACCESS.sessionEnded), 'SESSION_ENDED') : unauthorized();
  return request.user;
}

/** An administrator who must enrol first hears this from every route but their own account's (authenticated ones). */
function refuseUntilEnrolled(user: CurrentUser): void {
  if (user.mustEnrolTwoFactor) throw forbidden(localText(isAdmin(user) ? ACCESS.adminTwoFactorRequired : ACCESS.memberTwoFactorRequired), 'TWO_FACTOR_REQUIRED');
}

export function requireVerified(request: FastifyRequest): CurrentUser {
  const user = requireUser(request);
  refuseUntilEnrolled(user);
  if (user.verificationStatus !== 'verified' && user.role !== 'admin') throw forbidden(localText(ACCESS.notVerified), 'NOT_VERIFIED');
  return user;
}

/** The one server-side role check. */
export function isAdmin(user: CurrentUser | null): boolean {
  return user?.role === 'admin';
}

function requireAdmin(request: FastifyRequest): CurrentUser {
  const user = requireUser(request);
  refuseUntilEnrolled(user);
  if (!isAdmin(user)) throw forbidden(localText(ACCESS.adminsOnly));
  return user;
}

// The route guards. Each goes in a route's onRequest, so access is decided before the body is read or validated:
// a signed-out caller hears 401 and a pending one 403, whatever they sent.
export const authenticated = async (request: FastifyRequest) => void requireUser(request);
export const verified = async (request: FastifyRequest) => void requireVerified(request);
export const adminOnly = async (request: FastifyRequest) => void requireAdmin(request);

/**
 * The user the route's onRequest guard admitted: no second check. A route that reads it without a guard is a server
 * bug, and fails as one (500) instead of serving a visitor as somebody.
 */
export function currentUser(request: FastifyRequest): CurrentUser {
  if (!request.user) throw new Error(`${request.routeOptions.url} reads the user but has no onRequest guard`);
  return request.user;
}
