import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { LicenceUpdateBody, Me, RegisterInput } from '../../../common/accounts.ts';
import { FORGOT_SUCCESS, INVALID_CREDENTIALS } from '../../../common/accounts.ts';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { passwordResetTokens, users } from '../../db/schema.ts';
import { createSession, revokeAllSessions, revokeResetLinks, type CurrentUser } from '../../lib/auth.ts';
import { badRequest, forbidden, notFound } from '../../lib/errors.ts';
import { hashPassword, verifyAgainstDummy, verifyPassword } from '../../lib/passwords.ts';
import { newToken, hashToken } from '../../lib/tokens.ts';
import { accountLimits } from './limits.ts';
import { passwordProblem } from './password-policy.ts';

const RESET_TTL_MS = 3_600_000;
export const RESET_INVALID = 'This password reset link is invalid or has expired.';
export const ACCOUNT_DISABLED = 'This account has been disabled. Please contact an administrator.';

const byEmail = (email: string) => eq(sql`lower(${users.email})`, email.trim().toLowerCase());

type MailLog = { error: (obj: object, msg: string) => void };

export function accountsService(ctx: AppContext) {
  const { db, mailer, config } = ctx;
  const limits = accountLimits(ctx.limiter, config.limits);

  // Not awaited by the answer: its time must not depend on whether the address has an account.
  const tellOwnerOfRegistrationAttempt = async (email: string, log: MailLog) => {
    const [owner] = await db.select({ email: users.email, name: users.name }).from(users).where(byEmail(email)).limit(1);
    if (!owner) return;
    const link = `${config.publicUrl}/forgot-password`;
    void mailer.send({
      to: owner.email,
      subject: 'Someone tried to create a Thera Root account with your address',
      text: `Hello ${owner.name},\n\nSomeone tried to create a Thera Root account with your email address. You already have an account, so nothing was changed.\n\nIf it was you and you have forgotten your password, you can choose a new one here:\n\n${link}\n\nIf it was not you, you can ignore this email.\n\nThera Root`,
      link,
    }).catch((err: unknown) => log.error({ err }, 'registration notice mail failed'));
  };
  const noticeOwner = (email: string, log: MailLog) =>
    tellOwnerOfRegistrationAttempt(email, log).catch((err: unknown) => log.error({ err }, 'registration notice failed'));

  return {
    limits,

    async register(input: RegisterInput, log: MailLog): Promise<void> {
      if (input.password !== input.confirmPassword) throw badRequest('Passwords do not match');
      const problem = passwordProblem(input.password, input);
      if (problem) throw badRequest(problem);
      const passwordHash = await hashPassword(input.password);
      const inserted = await db.insert(users).values({
        name: input.name,
        email: input.email.trim(),
        passwordHash,
        avatar: input.avatar || null,
        profession: input.profession,
        location: `${input.region}, ${input.country}`,
        licenceNumber: input.licenceNumber,
        licensingBody: input.licensingBody,
        licenceRegion: input.region,
        licenceCountry: input.country,
      }).onConflictDoNothing().returning({ id: users.id });
      // Answered exactly as a new address is, so nobody learns who is a member; the owner hears of the attempt.
      if (!inserted.length) void noticeOwner(input.email, log);
    },

    async login(email: string, password: string, ip: string): Promise<string> {
      await limits.assertLoginAllowed(email, ip);
      const [user] = await db.select({ id: users.id, passwordHash: users.passwordHash, disabled: users.disabled })
        .from(users).where(byEmail(email)).limit(1);
      const ok = user ? await verifyPassword(user.passwordHash, password) : (await verifyAgainstDummy(password), false);
      if (!user || !ok) {
        await limits.recordLoginFailure(email, ip);
        throw badRequest(INVALID_CREDENTIALS);
      }
      if (user.disabled) throw forbidden(ACCOUNT_DISABLED);
      return createSession(db, user.id);
    },

    async me(current: CurrentUser): Promise<Me> {
      const [row] = await db.select({ rejectionReason: users.rejectionReason }).from(users).where(eq(users.id, current.id));
      return {
        _id: current.id, name: current.name, role: current.role, verificationStatus: current.verificationStatus,
        rejectionReason: current.verificationStatus === 'rejected' ? (row?.rejectionReason ?? null) : null,
      };
    },

    /** Always the same answer, so nobody learns whether an email has an account. */
    async forgotPassword(email: string, ip: string, log: MailLog): Promise<string> {
      await limits.assertForgotAllowed(email, ip);
      const [user] = await db.select({ id: users.id, email: users.email, name: users.name, disabled: users.disabled })
        .from(users).where(byEmail(email)).limit(1);
      if (user && !user.disabled) {
        const { token, hash } = newToken();
        await db.insert(passwordResetTokens).values({ tokenHash: hash, userId: user.id, expiresAt: new Date(Date.now() + RESET_TTL_MS) });
        const link = `${config.publicUrl}/reset-password/${token}`;
        // Not awaited: the response time must not depend on whether a mail was sent.
        void mailer.send({
          to: user.email,
          subject: 'Reset your Thera Root password',
          text: `Hello ${user.name},\n\nTo choose a new password, open this link within one hour:\n\n${link}\n\nIf you did not ask for this, you can ignore this email.\n\nThera Root`,
          link,
        }).catch((err: unknown) => log.error({ err }, 'password reset mail failed'));
      }
      return FORGOT_SUCCESS;
    },

    async resetPassword(token: string, password: string): Promise<void> {
      const now = new Date();
      const [row] = await db.select({ userId: passwordResetTokens.userId, email: users.email, name: users.name })
        .from(passwordResetTokens).innerJoin(users, eq(users.id, passwordResetTokens.userId))
        .where(and(eq(passwordResetTokens.tokenHash, hashToken(token)), isNull(passwordResetTokens.usedAt), gt(passwordResetTokens.expiresAt, now),
          eq(users.disabled, false)))
        .limit(1);
      if (!row) throw badRequest(RESET_INVALID);
      const problem = passwordProblem(password, row);
      if (problem) throw badRequest(problem);
      const passwordHash = await hashPassword(password);
      await db.transaction(async (tx) => {
        // Consuming the token in the same statement that checks it makes a second use fail even when concurrent.
        const used = await tx.update(passwordResetTokens).set({ usedAt: now })
          .where(and(eq(passwordResetTokens.tokenHash, hashToken(token)), isNull(passwordResetTokens.usedAt)))
          .returning({ userId: passwordResetTokens.userId });
        if (!used.length) throw badRequest(RESET_INVALID);
        await tx.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, row.userId));
        await revokeAllSessions(tx as unknown as Db, row.userId);
        await revokeResetLinks(tx as unknown as Db, row.userId);
      });
      ctx.realtime.endUser(row.userId);
    },

    /** A rejected (or pending) user corrects the licence; it goes back to the queue. */
    async updateLicence(current: CurrentUser, input: z.infer<typeof LicenceUpdateBody>) {
      const [row] = await db.update(users).set({
        profession: input.profession, licenceNumber: input.licenceNumber, licensingBody: input.licensingBody,
        licenceRegion: input.region, licenceCountry: input.country,
        verificationStatus: current.role === 'admin' ? 'verified' : 'pending', rejectionReason: null, updatedAt: new Date(),
      }).where(eq(users.id, current.id)).returning({ id: users.id, verificationStatus: users.verificationStatus });
      if (!row) throw notFound('Profile not found.');
      return { _id: row.id, verificationStatus: row.verificationStatus };
    },
  };
}
