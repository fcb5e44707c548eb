// The administrators' retention settings (stored as the platform setting `retention`) and a member's legal hold, which
// keeps everything of theirs the daily purge would remove (retention-purge.ts). Both audited in their transaction.
import { eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { LegalHold, RetentionSettings } from '../../../common/retention.ts';
import type { AppContext } from '../../context.ts';
import { users } from '../../db/schema.ts';
import { recordAudit } from '../../lib/audit.ts';
import type { CurrentUser } from '../../lib/auth.ts';
import { notFound } from '../../lib/errors.ts';
import { readSetting, saveSetting } from '../../lib/platform-settings.ts';

export const readRetention = (ctx: AppContext): Promise<RetentionSettings> => readSetting(ctx, 'retention');

/** Saves the settings; the audit entry holds the values before and after. */
export async function updateRetention(ctx: AppContext, admin: CurrentUser, next: RetentionSettings): Promise<RetentionSettings> {
  const before = await readSetting(ctx, 'retention');
  return saveSetting(ctx, 'retention', next, admin.id, (tx) =>
    recordAudit(tx, { actorId: admin.id, action: 'retention.update', targetType: 'retention', targetId: 'retention', detail: { before, after: next } }));
}

const setter = alias(users, 'hold_setter');

export async function readLegalHold(ctx: AppContext, userId: string): Promise<LegalHold> {
  const [row] = await ctx.db.select({ at: users.legalHoldAt, reason: users.legalHoldReason, byId: setter.id, byName: setter.name })
    .from(users).leftJoin(setter, eq(setter.id, users.legalHoldBy)).where(eq(users.id, userId));
  if (!row) throw notFound('User not found.');
  return {
    on: row.at !== null, at: row.at?.toISOString() ?? null, reason: row.reason,
    by: row.at && row.byId && row.byName !== null ? { _id: row.byId, name: row.byName } : null,
  };
}

/**
 * Puts a member under legal hold or releases them. Setting it again changes the reason and keeps when it began; each
 * change is one audit entry (with the reason, which administrators wrote for administrators).
 */
export async function setLegalHold(ctx: AppContext, admin: CurrentUser, userId: string, body: { on: boolean; reason?: string }): Promise<LegalHold> {
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx.select({ at: users.legalHoldAt }).from(users).where(eq(users.id, userId)).for('update');
    if (!row) throw notFound('User not found.');
    const values = body.on
      ? { legalHoldAt: row.at ?? ctx.now?.() ?? new Date(), legalHoldReason: body.reason ?? '', legalHoldBy: admin.id }
      : { legalHoldAt: null, legalHoldReason: null, legalHoldBy: null };
    await tx.update(users).set(values).where(eq(users.id, userId));
    await recordAudit(tx, {
      actorId: admin.id, action: 'user.legal_hold', targetType: 'user', targetId: userId,
      detail: body.on ? { on: true, reason: body.reason } : { on: false },
    });
  });
  return readLegalHold(ctx, userId);
}
