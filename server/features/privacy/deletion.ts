// Leaving (decision 0067): the account's row stays, so the posts, comments and messages that point at it keep their
// place under 'Deleted member', but every personal field in it and every row that is only about the member goes.
import { eq, sql } from 'drizzle-orm';
import { DELETED_MEMBER, DELETED_POST } from '../../../common/privacy.ts';
import type { AppContext } from '../../context.ts';
import { queryRows, type Db } from '../../db/client.ts';
import { removeComments } from '../../db/comment-tree.ts';
import { type comments, type communityMembers, type posts, users } from '../../db/schema.ts';
import type { SqlRow } from '../../db/rows.ts';
import { recordAudit } from '../../lib/audit.ts';
import { mailLocale } from '../../lib/i18n.ts';
import { recordEvents } from '../../lib/outbox.ts';
import { accountDeletedMail } from './mails.ts';
import { eraseMentions } from '../../lib/mention-names.ts';
import type { CurrentUser } from '../../lib/auth.ts';
import { badRequest, conflict, notFound, tooManyRequests } from '../../lib/errors.ts';
import { verifyPassword } from '../../lib/passwords.ts';
import { verifySecondFactor } from '../../lib/second-factor.ts';
import { eraseAvatar } from './avatar.ts';
import { eraseExports } from './export.ts';

const WRONG_PASSWORD = 'Your password is incorrect.';
/** What a member under legal hold (PUT /api/admin/users/{id}/legal-hold) hears, and what an administrator hears. */
export const HELD_TEXTS = {
  member: 'Your account is under a legal hold, so it cannot be deleted for now. Your data is kept until the hold is released; please contact the administrators.',
  admin: 'This account is under a legal hold and cannot be deleted until the hold is released.',
} as const;
const ATTEMPTS = { max: 5, windowMs: 15 * 60_000 };

type Erasure = { userId: string; deleteContent: boolean; actorId: string | null };

/** The member's own posts and comments go: a comment by the tree rule, a post with replies becomes a tombstone. */
async function eraseContent(db: Db, userId: string): Promise<void> {
  const mine = await queryRows<SqlRow<typeof comments, 'id'>>(db, sql`SELECT id FROM comments WHERE author_id = ${userId} AND NOT deleted`);
  if (mine.length) await removeComments(db, mine.map((c) => c.id));
  await db.execute(sql`UPDATE posts SET title = ${DELETED_POST}, content = ${DELETED_POST}
    WHERE author_id = ${userId} AND EXISTS (SELECT 1 FROM comments c WHERE c.post_id = posts.id)`);
  const gone = await queryRows<SqlRow<typeof posts, 'community_id'>>(db, sql`DELETE FROM posts
    WHERE author_id = ${userId} AND NOT EXISTS (SELECT 1 FROM comments c WHERE c.post_id = posts.id) RETURNING community_id`);
  const communities = [...new Set(gone.map((p) => p.community_id).filter((id): id is string => id !== null))];
  for (const id of communities) {
    await db.execute(sql`UPDATE communities SET posts_count = (SELECT count(*) FROM posts WHERE community_id = ${id}),
      last_post_at = (SELECT max(created_at) FROM posts WHERE community_id = ${id}) WHERE id = ${id}`);
  }
}

/** Rows that exist only because of the member, and the member's marks on other tables. */
async function eraseTraces(db: Db, userId: string): Promise<void> {
  const left = await queryRows<SqlRow<typeof communityMembers, 'community_id'>>(db, sql`DELETE FROM community_members WHERE user_id = ${userId} RETURNING community_id`);
  for (const { community_id } of left) {
    await db.execute(sql`UPDATE communities SET members_count = greatest(members_count - 1, 0) WHERE id = ${community_id}`);
  }
  await db.execute(sql`UPDATE communities SET created_by = NULL WHERE created_by = ${userId}`);
  // A resource still waiting for approval goes; a published one stays in the library without its submitter.
  await db.execute(sql`DELETE FROM resources WHERE created_by = ${userId} AND NOT is_approved`);
  await db.execute(sql`UPDATE resources SET created_by = NULL WHERE created_by = ${userId}`);
  await db.execute(sql`DELETE FROM favorites WHERE user_id = ${userId} OR favorite_id = ${userId}`);
  await db.execute(sql`DELETE FROM blocks WHERE blocker_id = ${userId} OR blocked_id = ${userId}`);
  await db.execute(sql`DELETE FROM sessions WHERE user_id = ${userId}`);
  await db.execute(sql`DELETE FROM password_reset_tokens WHERE user_id = ${userId}`);
  await db.execute(sql`DELETE FROM verification_decisions WHERE user_id = ${userId}`);
  await db.execute(sql`DELETE FROM chat_send_counts WHERE user_id = ${userId}`);
  // Reports they filed stay for the moderators' record; their own words in them go.
  await db.execute(sql`UPDATE reports SET details = '' WHERE reporter_id = ${userId}`);
  // The audit keeps its events about the member, without the names and reasons written in them: the one change the
  // append-only trail allows (migration 0220), which leaves its hash chain whole.
  await db.execute(sql`SELECT set_config('audit.erasure', 'on', true)`);
  await db.execute(sql`UPDATE audit_log SET detail = '{}'::jsonb, redacted_at = now()
    WHERE target_type = 'user' AND target_id = ${userId}::text AND detail <> '{}'::jsonb`);
  await db.execute(sql`SELECT set_config('audit.erasure', 'off', true)`);
  await eraseAvatar(db, userId);
  // Notifications (migration 0101): the member's items, choices, followed threads and the emails still queued for them.
  await db.execute(sql`DELETE FROM notifications WHERE user_id = ${userId}`);
  await db.execute(sql`DELETE FROM notification_preferences WHERE user_id = ${userId}`);
  await db.execute(sql`DELETE FROM post_follows WHERE user_id = ${userId}`);
  await db.execute(sql`DELETE FROM jobs WHERE payload->>'userId' = ${userId}`);
  // The answers kept for their retried creates (migration 0185) hold what they wrote.
  await db.execute(sql`DELETE FROM idempotency_keys WHERE user_id = ${userId}`);
  // Two-factor sign-in and email change (migrations 0111, 0112): nothing of the member's second factor is kept.
  await db.execute(sql`DELETE FROM two_factor WHERE user_id = ${userId}`);
  await db.execute(sql`DELETE FROM recovery_codes WHERE user_id = ${userId}`);
  await db.execute(sql`DELETE FROM mfa_challenges WHERE user_id = ${userId}`);
  await db.execute(sql`DELETE FROM email_change_tokens WHERE user_id = ${userId}`);
  // Referrals (migration 0095): a request nobody can follow up any more is withdrawn; offers still waiting go. Answered
  // and placed referrals stay with their recipients under 'Deleted member' (they carry no client identity).
  await db.execute(sql`UPDATE referrals SET status = 'withdrawn' WHERE sender_id = ${userId} AND status = 'open'`);
  await db.execute(sql`DELETE FROM referral_offers WHERE therapist_id = ${userId} AND status = 'open'`);
}

class HeldAccount extends Error {}

/** Every personal field of the row; the address becomes one nobody can own, so the real one is free again. */
async function eraseProfile(db: Db, userId: string, now: Date): Promise<void> {
  await db.update(users).set({
    name: DELETED_MEMBER, email: `deleted-${userId}@deleted.invalid`, passwordHash: '!deleted', role: 'user', avatar: null,
    location: '', profession: '', education: '', pronouns: '', bio: '', specialties: [], modalities: [], demographics: [],
    gender: [], sessionFormat: [], licenceNumber: '', licensingBody: '', licenceRegion: '', licenceCountry: '',
    // Out of the verification queue and the directory for good.
    verificationStatus: 'rejected', verifiedAt: null,
    licenceExpiresOn: null, licenceExpiryNotice: null, licenceLapsedAt: null, rejectionReason: null,
    pendingName: null, pendingNameAt: null, disabled: true, messagePolicy: 'everyone', acceptingClients: 'not accepting',
    availabilityNote: '', availabilityUpdatedAt: null, languages: [], feeModels: [], sessionFeeCents: null, sessionFeeCurrency: null,
    insurers: [], licensedRegions: [],
    website: '', timeZone: null, digestAt: null, deletedAt: now, updatedAt: now,
  }).where(eq(users.id, userId));
}

/** Erases the account in one transaction, then ends its sockets, removes its files and tells the old address. */
async function eraseAccount(ctx: AppContext, erasure: Erasure): Promise<void> {
  const { userId, deleteContent, actorId } = erasure;
  const [before] = await ctx.db.select({ email: users.email, name: users.name, locale: users.locale, deletedAt: users.deletedAt }).from(users).where(eq(users.id, userId));
  if (!before || before.deletedAt) throw notFound('Account not found.');
  const now = new Date();
  // The old address hears of it with the erasure (decision 0400): recorded after eraseTraces, which drops the jobs
  // still naming the member, and kept until the mail server takes it.
  const farewell = accountDeletedMail({
    userId, to: before.email, locale: mailLocale(before.locale), values: { name: before.name, by: actorId ? 'admin' : 'member' },
  });
  const events = await ctx.db.transaction(async (t) => {
    const tx: Db = t;
    // A legal hold keeps everything of the member (as the retention purge does); checked on the locked row, so a hold
    // set at the same moment is not missed.
    const [held] = await tx.select({ at: users.legalHoldAt }).from(users).where(eq(users.id, userId)).for('update');
    if (held?.at) throw new HeldAccount();
    if (deleteContent) await eraseContent(tx, userId);
    await eraseTraces(tx, userId);
    await eraseProfile(tx, userId, now);
    // Others' posts and comments that mention the member now read "@Deleted member".
    await eraseMentions(tx, userId);
    await eraseExports(tx, userId);
    await recordAudit(tx, {
      actorId: actorId ?? userId, action: 'user.delete', targetType: 'user', targetId: userId,
      detail: { by: actorId ? 'administrator' : 'member', contentDeleted: deleteContent },
    });
    return recordEvents(ctx, tx, [farewell]);
  }).catch(async (error: unknown) => {
    if (!(error instanceof HeldAccount)) throw error;
    // The refusal is in the trail, so the administrators see that the member asked (GET /api/admin/audit).
    await recordAudit(ctx.db, {
      actorId: actorId ?? userId, action: 'user.delete_refused', targetType: 'user', targetId: userId,
      detail: { by: actorId ? 'administrator' : 'member', reason: 'legal_hold' },
    });
    throw conflict(actorId ? HELD_TEXTS.admin : HELD_TEXTS.member);
  });
  ctx.realtime.endUser(userId);
  ctx.caches.publish({ type: 'member.deleted', userId });
  // The account is gone whatever the mail does: a failed mail waits for its retry, the answer is the deletion's.
  await events.deliver();
}

/** DELETE /api/users/me: the password again (and the two-factor code when it is on), a few tries per quarter hour. */
export async function deleteOwnAccount(ctx: AppContext, user: CurrentUser, input: { password: string; code?: string; deleteContent: boolean }): Promise<void> {
  const { count } = await ctx.limiter.hitWindow(`delete-account:${user.id}`, ATTEMPTS.windowMs);
  if (count > ATTEMPTS.max) throw tooManyRequests('Too many attempts. Please try again in 15 minutes.');
  const [row] = await ctx.db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, user.id));
  if (!row || !(await verifyPassword(row.passwordHash, input.password))) throw badRequest(WRONG_PASSWORD);
  await verifySecondFactor(ctx, user.id, input.code);
  await eraseAccount(ctx, { userId: user.id, deleteContent: input.deleteContent, actorId: null });
}

/** DELETE /api/admin/users/{id}: the same erasure, audited as the administrator's. */
export async function deleteAccountAsAdmin(ctx: AppContext, admin: CurrentUser, input: { id: string; deleteContent: boolean }): Promise<void> {
  if (input.id === admin.id) throw badRequest('Delete your own account from your settings.');
  await eraseAccount(ctx, { userId: input.id, deleteContent: input.deleteContent, actorId: admin.id });
}
