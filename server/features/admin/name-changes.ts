// Verified members' name changes: they wait here for an administrator, apart from new members,
// because a verified name is what colleagues trust; approving applies it, declining drops it. Both are audited.
import { and, asc, count, eq, isNotNull, sql } from 'drizzle-orm';
import { NO_NAME_CHANGE, type NameChangeQueue, type NameDecision, type NameDecisionResult } from '../../../common/admin.ts';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { recordAudit } from '../../lib/audit.ts';
import { renameMentions } from '../../lib/mention-names.ts';
import type { CurrentUser } from '../../lib/auth.ts';
import { notFound } from '../../lib/errors.ts';
import { recordEvents } from '../../lib/outbox.ts';
import { mailOf } from '../../lib/outbox-notices.ts';
import { pageInfo } from '../../lib/paging.ts';
import { toNameChange } from './present.ts';
import { mailLocale, sayIn } from '../../lib/i18n.ts';
import { ADMIN_MAILS } from './mail-texts.ts';

const waiting = isNotNull(users.pendingName);

// The number of other members already named so: a second "Amara Okafor" is worth a look before approving.
// Written out qualified: inside the subquery an unqualified column would name the inner row.
const sameNameCount = sql<number>`(SELECT count(*)::int FROM users other
  WHERE other.id <> "users"."id" AND lower(other.name) = lower("users"."pending_name"))`;

const namePage = (db: Db, page: number, limit: number) => db.select({
  id: users.id, name: users.name, pendingName: users.pendingName, pendingNameAt: users.pendingNameAt, sameNameCount,
}).from(users).where(waiting).orderBy(asc(users.pendingNameAt), asc(users.id)).limit(limit).offset((page - 1) * limit);
export type NameChangeRow = Awaited<ReturnType<typeof namePage>>[number];

/** Name changes waiting for review, oldest first. */
export async function nameChangeQueue(ctx: AppContext, _admin: CurrentUser, { page, limit }: { page: number; limit: number }): Promise<NameChangeQueue> {
  const [rows, [{ total }]] = await Promise.all([
    namePage(ctx.db, page, limit),
    ctx.db.select({ total: count() }).from(users).where(waiting),
  ]);
  return { nameChanges: rows.map(toNameChange), total, ...pageInfo(total, page, limit) };
}

/** Applies or drops the waiting name, audited; the member hears of it by mail. */
export async function decideNameChange(
  ctx: AppContext, admin: CurrentUser, { userId, approved }: NameDecision & { userId: string },
): Promise<NameDecisionResult> {
  const { decided, events } = await ctx.db.transaction(async (tx) => {
    const [before] = await tx.select({ name: users.name, pendingName: users.pendingName, email: users.email, locale: users.locale })
      .from(users).where(and(eq(users.id, userId), waiting)).for('update');
    if (!before?.pendingName) throw notFound(NO_NAME_CHANGE);
    const name = approved ? before.pendingName : before.name;
    await tx.update(users).set({ name, pendingName: null, pendingNameAt: null, updatedAt: new Date() })
      .where(eq(users.id, userId));
    if (approved) await renameMentions(tx, userId, name);
    await recordAudit(tx, {
      actorId: admin.id, action: approved ? 'name.approve' : 'name.decline', targetType: 'user', targetId: userId,
      detail: { previousName: before.name, requestedName: before.pendingName },
    });
    const decided = { name, requested: before.pendingName, email: before.email, locale: before.locale };
    return { decided, events: await recordEvents(ctx, tx, [mailOf(nameMail(decided, approved, ctx.config.publicUrl))]) };
  });
  // Names appear in cached forum pages and directory answers.
  if (approved) ctx.caches.publish({ type: 'member.renamed', userId });
  await events.deliver();
  return { _id: userId, name: decided.name, approved };
}

function nameMail(user: { name: string; requested: string; email: string; locale: string | null }, approved: boolean, publicUrl: string) {
  const say = sayIn(mailLocale(user.locale));
  return {
    to: user.email,
    subject: say(approved ? ADMIN_MAILS.nameApprovedSubject : ADMIN_MAILS.nameDeclinedSubject),
    text: approved
      ? say(ADMIN_MAILS.nameApprovedBody, { name: user.name, link: `${publicUrl}/my-profile` })
      : say(ADMIN_MAILS.nameDeclinedBody, { name: user.name, requested: user.requested, link: `${publicUrl}/edit-profile` }),
  };
}
