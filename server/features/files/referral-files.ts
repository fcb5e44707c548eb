// Documents of a referral: once a recipient accepted it, its sender and that recipient share files there
// (a release of information, an intake summary). Nobody else sees the referral's documents, administrators included.
import { sql } from 'drizzle-orm';
import { FILE_ERRORS, type Attachment } from '../../../common/files.ts';
import type { AppContext } from '../../context.ts';
import { queryRows, type Db } from '../../db/client.ts';
import type { CurrentUser } from '../../lib/auth.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { assertAttachable, attach, FILE_COLUMNS, toAttachment, type FileRow } from '../../lib/files/records.ts';

const REFERRAL_NOT_FOUND = 'Referral not found.';

/** The sender or the accepting recipient may; anybody else hears 404. Before acceptance the two hear why not. */
async function requireParty(ctx: AppContext, user: CurrentUser, referralId: string): Promise<void> {
  const [row] = await queryRows<{ party: boolean; accepted: boolean }>(ctx.db, sql`
    SELECT (r.sender_id = ${user.id} OR EXISTS (SELECT 1 FROM referral_recipients rr WHERE rr.referral_id = r.id
        AND rr.recipient_id = ${user.id})) AS party,
      EXISTS (SELECT 1 FROM referral_recipients rr WHERE rr.referral_id = r.id AND rr.response = 'accepted'
        AND (r.sender_id = ${user.id} OR rr.recipient_id = ${user.id})) AS accepted
    FROM referrals r WHERE r.id = ${referralId}`);
  if (!row?.party) throw notFound(REFERRAL_NOT_FOUND);
  if (!row.accepted) {
    // A recipient who declined (or has not answered) is not a party to the hand-off: as if there were nothing.
    const [sent] = await queryRows(ctx.db, sql`SELECT 1 FROM referrals WHERE id = ${referralId} AND sender_id = ${user.id}`);
    if (!sent) throw notFound(REFERRAL_NOT_FOUND);
    throw conflict(FILE_ERRORS.referralNotAccepted);
  }
}

export async function referralFiles(ctx: AppContext, user: CurrentUser, { referralId }: { referralId: string }): Promise<{ files: Attachment[] }> {
  await requireParty(ctx, user, referralId);
  return { files: await filesOf(ctx.db, referralId) };
}

export async function attachToReferral(
  ctx: AppContext, user: CurrentUser, { referralId, fileIds }: { referralId: string; fileIds: string[] },
): Promise<{ files: Attachment[] }> {
  await requireParty(ctx, user, referralId);
  await assertAttachable(ctx.db, user.id, fileIds);
  await ctx.db.transaction((tx) => attach(tx, user.id, fileIds, { referralId }));
  return { files: await filesOf(ctx.db, referralId) };
}

async function filesOf(db: Db, referralId: string): Promise<Attachment[]> {
  const rows = await queryRows<FileRow>(db, sql`
    SELECT ${FILE_COLUMNS} FROM files f WHERE f.referral_id = ${referralId} ORDER BY f.attached_at, f.id`);
  return rows.map(toAttachment);
}
