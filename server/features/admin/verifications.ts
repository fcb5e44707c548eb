import { asc, count, eq } from 'drizzle-orm';
import {
  REJECTION_REASON_REQUIRED, type UserDisabledResult, type VerificationDecision, type VerificationDecisionResult, type VerificationQueue,
} from '../../../common/admin.ts';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { users, verificationDecisions } from '../../db/schema.ts';
import { recordAudit } from '../../lib/audit.ts';
import { recordEvents } from '../../lib/outbox.ts';
import { mailOf, noticeOf } from '../../lib/outbox-notices.ts';
import { revokeAllSessions, revokeResetLinks, type CurrentUser } from '../../lib/auth.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { toPendingVerification, toUserDisabled, toVerificationDecision } from './present.ts';
import { pageInfo } from '../../lib/paging.ts';
import type { Selected } from '../../db/rows.ts';
import { recordAuditedRead } from '../../lib/audit.ts';
import { mailLocale, sayIn } from '../../lib/i18n.ts';
import { ADMIN_MAILS } from './mail-texts.ts';

const pending = eq(users.verificationStatus, 'pending');
const pendingPage = (db: Db, page: number, limit: number) => db.select({
  id: users.id, name: users.name, email: users.email, profession: users.profession, licenceNumber: users.licenceNumber,
  licensingBody: users.licensingBody, licenceRegion: users.licenceRegion, licenceCountry: users.licenceCountry, createdAt: users.createdAt,
  licenceExpiresOn: users.licenceExpiresOn, licenceLapsedAt: users.licenceLapsedAt,
}).from(users).where(pending).orderBy(asc(users.createdAt), asc(users.id)).limit(limit).offset((page - 1) * limit);
export type PendingRow = Awaited<ReturnType<typeof pendingPage>>[number];

const decidedColumns = {
  id: users.id, name: users.name, email: users.email, verificationStatus: users.verificationStatus, verifiedAt: users.verifiedAt,
  rejectionReason: users.rejectionReason, locale: users.locale,
};
export type DecidedRow = Selected<typeof decidedColumns>;

/** Pending accounts with their licence details, oldest first. */
export async function verificationQueue(ctx: AppContext, admin: CurrentUser, { page, limit }: { page: number; limit: number }): Promise<VerificationQueue> {
  const [rows, [{ total }]] = await Promise.all([
    pendingPage(ctx.db, page, limit),
    ctx.db.select({ total: count() }).from(users).where(pending),
  ]);
  // The queue shows each applicant's licence details: one entry per member shown, written together.
  await Promise.all(rows.map((r) => recordAuditedRead(ctx.db, {
    actorId: admin.id, action: 'licence.read', targetType: 'user', targetId: r.id, detail: { from: 'verification_queue' },
  })));
  return { users: rows.map(toPendingVerification), total, ...pageInfo(total, page, limit) };
}

/** Verifies or rejects a licence (a rejection needs its reason, and ends the person's sockets), audited, and tells the person by mail. */
export async function decideVerification(
  ctx: AppContext, admin: CurrentUser, { userId, ...decision }: VerificationDecision & { userId: string },
): Promise<VerificationDecisionResult> {
  const reason = decision.reason?.trim() || null;
  if (!decision.approved && !reason) throw badRequest(REJECTION_REASON_REQUIRED);
  const now = new Date();
  const { updated, events } = await ctx.db.transaction(async (tx) => {
    const [row] = await tx.update(users).set(decision.approved
      ? { verificationStatus: 'verified', verifiedAt: now, rejectionReason: null, updatedAt: now }
      : { verificationStatus: 'rejected', verifiedAt: null, rejectionReason: reason, updatedAt: now })
      .where(eq(users.id, userId))
      .returning(decidedColumns);
    if (!row) throw notFound('User not found.');
    await tx.insert(verificationDecisions).values({ userId, decidedBy: admin.id, approved: decision.approved, reason });
    await recordAudit(tx, {
      actorId: admin.id, action: decision.approved ? 'licence.verify' : 'licence.reject', targetType: 'user', targetId: userId,
      detail: reason ? { reason } : {},
    });
    const events = await recordEvents(ctx, tx, [mailOf(decisionMail(row, ctx.config.publicUrl)), noticeOf({
      type: decision.approved ? 'licenceVerified' : 'licenceDeclined', recipientIds: [userId], actorId: null, membersOnly: false,
      target: { kind: 'licence', id: userId, title: 'Your licence', url: '/my-profile' },
    })]);
    return { updated: row, events };
  });
  // A declined member's sockets end, as a disabled one's do: their chat must not outlive the licence.
  if (!decision.approved) ctx.realtime.endUser(userId);
  else ctx.realtime.userChanged(userId);
  await events.deliver();
  return toVerificationDecision(updated);
}

/** Disabling ends every session and socket of the account at once. */
export async function setUserDisabled(
  ctx: AppContext, admin: CurrentUser, { userId, disabled }: { userId: string; disabled: boolean },
): Promise<UserDisabledResult> {
  if (userId === admin.id) throw badRequest('You cannot disable your own account.');
  const updated = await ctx.db.transaction(async (tx) => {
    const [row] = await tx.update(users).set({ disabled, updatedAt: new Date() }).where(eq(users.id, userId))
      .returning({ id: users.id, name: users.name, disabled: users.disabled });
    if (!row) throw notFound('User not found.');
    if (disabled) {
      await revokeAllSessions(tx, userId);
      await revokeResetLinks(tx, userId);
    }
    await recordAudit(tx, { actorId: admin.id, action: disabled ? 'user.disable' : 'user.enable', targetType: 'user', targetId: userId });
    return row;
  });
  if (disabled) ctx.realtime.endUser(userId);
  return toUserDisabled(updated);
}

/** In the member's language; the administrator's reason is their own words, as written. */
function decisionMail(user: { email: string; name: string; verificationStatus: string; rejectionReason: string | null; locale: string | null }, publicUrl: string) {
  const approved = user.verificationStatus === 'verified';
  const say = sayIn(mailLocale(user.locale));
  return {
    to: user.email,
    subject: say(approved ? ADMIN_MAILS.verifiedSubject : ADMIN_MAILS.declinedSubject),
    text: approved
      ? say(ADMIN_MAILS.verifiedBody, { name: user.name, link: `${publicUrl}/` })
      : say(ADMIN_MAILS.declinedBody, { name: user.name, reason: user.rejectionReason ?? '', link: `${publicUrl}/verification` }),
  };
}
