// Who may read a file: its owner; the people who can see where it is attached (the message's conversation, unless they
// cleared that part of it; the referral's sender and the recipient who accepted it; the present members of the group a
// consultation case is in, for a file on the case or one of its comments); an administrator only for a file
// on a message whose conversation they opened from a report, with a reason, within the last hour (decision 0181's
// break-glass). Everybody else hears 404, as if there were no such file.
import { sql } from 'drizzle-orm';
import { FILE_ERRORS } from '../../../common/files.ts';
import type { AppContext } from '../../context.ts';
import { queryRows } from '../../db/client.ts';
import { isAdmin, type CurrentUser } from '../../lib/auth.ts';
import { notFound } from '../../lib/errors.ts';
import { FILE_COLUMNS, type FileRow } from '../../lib/files/records.ts';

const BREAK_GLASS_MS = 60 * 60_000;

export type Readable = FileRow & { via: 'owner' | 'participant' | 'referral' | 'case' | 'report' };

export async function readableFile(ctx: AppContext, user: CurrentUser, fileId: string): Promise<Readable> {
  const since = new Date(Date.now() - BREAK_GLASS_MS).toISOString();
  const [row] = await queryRows<FileRow & { participant: boolean; referral: boolean; group_case: boolean; report: boolean }>(ctx.db, sql`
    SELECT ${FILE_COLUMNS},
      EXISTS (SELECT 1 FROM messages m JOIN conversation_participants p ON p.conversation_id = m.conversation_id
        WHERE m.id = f.message_id AND p.user_id = ${user.id}
          AND m.created_at > coalesce(p.cleared_at, '-infinity') AND m.unsent_at IS NULL AND m.removed_at IS NULL) AS participant,
      EXISTS (SELECT 1 FROM referrals r WHERE r.id = f.referral_id AND (r.sender_id = ${user.id}
        OR EXISTS (SELECT 1 FROM referral_recipients rr WHERE rr.referral_id = r.id AND rr.recipient_id = ${user.id}
          AND rr.response = 'accepted'))) AS referral,
      EXISTS (SELECT 1 FROM group_cases c JOIN group_members gm ON gm.group_id = c.group_id
        WHERE c.id = f.case_id AND gm.user_id = ${user.id}) AS group_case,
      ${isAdmin(user) ? sql`EXISTS (SELECT 1 FROM messages m JOIN audit_log a ON a.action = 'report.message_open'
        AND a.actor_id = ${user.id} AND a.detail->>'conversationId' = m.conversation_id::text AND a.created_at > ${since}::timestamptz
        WHERE m.id = f.message_id)` : sql`false`} AS report
    FROM files f WHERE f.id = ${fileId}`);
  if (!row) throw notFound(FILE_ERRORS.notFound);
  if (row.owner_id === user.id) return { ...row, via: 'owner' };
  if (row.participant) return { ...row, via: 'participant' };
  if (row.referral) return { ...row, via: 'referral' };
  if (row.group_case) return { ...row, via: 'case' };
  if (row.report) return { ...row, via: 'report' };
  throw notFound(FILE_ERRORS.notFound);
}
