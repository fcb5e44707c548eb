// Who may read a file: its owner; the people who can see where it is attached (the message's conversation, unless they
// cleared that part of it; the referral's sender and the recipient who accepted it; the present members of the group a
// consultation case is in, for a file on the case or one of its comments); an administrator only for a file
// on a message whose conversation they opened from a report, with a reason, within the last hour (decision 0181's
// break-glass). Everybody else hears 404, as if there were no such file.
// Both questions (a download's, with the file's row, and a thumbnail's) are prepared statements built once per shape
// (a member's, an administrator's), as they run on every request (decision 0375).
import { sql, type SQL } from 'drizzle-orm';
import { FILE_ERRORS } from '../../../common/files.ts';
import type { AppContext } from '../../context.ts';
import { queryShaped } from '../../db/prepared.ts';
import type { SqlRow } from '../../db/rows.ts';
import type { files } from '../../db/schema.ts';
import { isAdmin, type CurrentUser } from '../../lib/auth.ts';
import { notFound } from '../../lib/errors.ts';
import { FILE_COLUMNS, type FileRow } from '../../lib/files/records.ts';
import type { StorageKind } from '../../lib/files/storage.ts';

const BREAK_GLASS_MS = 60 * 60_000;

export type Readable = FileRow & { via: 'owner' | 'participant' | 'referral' | 'case' | 'report' };

const user = sql.placeholder('userId');

/** Each way in, as a boolean column of a statement over `files f`, in the order a reader's way is named. */
function waysIn(admin: boolean): { participant: SQL; referral: SQL; group_case: SQL; report: SQL } {
  return {
    participant: sql`EXISTS (SELECT 1 FROM messages m JOIN conversation_participants p ON p.conversation_id = m.conversation_id
      WHERE m.id = f.message_id AND p.user_id = ${user}
        AND m.created_at > coalesce(p.cleared_at, '-infinity') AND m.unsent_at IS NULL AND m.removed_at IS NULL)`,
    referral: sql`EXISTS (SELECT 1 FROM referrals r WHERE r.id = f.referral_id AND (r.sender_id = ${user}
      OR EXISTS (SELECT 1 FROM referral_recipients rr WHERE rr.referral_id = r.id AND rr.recipient_id = ${user}
        AND rr.response = 'accepted')))`,
    group_case: sql`EXISTS (SELECT 1 FROM group_cases c JOIN group_members gm ON gm.group_id = c.group_id
      WHERE c.id = f.case_id AND gm.user_id = ${user})`,
    report: admin
      ? sql`EXISTS (SELECT 1 FROM messages m JOIN audit_log a ON a.action = 'report.message_open'
        AND a.actor_id = ${user} AND a.detail->>'conversationId' = m.conversation_id::text AND a.created_at > ${sql.placeholder('since')}::timestamptz
        WHERE m.id = f.message_id)`
      : sql`false`,
  };
}

function values(actor: CurrentUser, fileId: string): Record<string, unknown> {
  const admin = isAdmin(actor);
  return { fileId, userId: actor.id, ...(admin ? { since: new Date(Date.now() - BREAK_GLASS_MS).toISOString() } : {}) };
}

function readableStatement(admin: boolean): SQL {
  const ways = waysIn(admin);
  return sql`SELECT ${FILE_COLUMNS}, ${ways.participant} AS participant, ${ways.referral} AS referral,
    ${ways.group_case} AS group_case, ${ways.report} AS report
    FROM files f WHERE f.id = ${sql.placeholder('fileId')}`;
}

export async function readableFile(ctx: AppContext, actor: CurrentUser, fileId: string): Promise<Readable> {
  const admin = isAdmin(actor);
  const [row] = await queryShaped<FileRow & { participant: boolean; referral: boolean; group_case: boolean; report: boolean }>(
    ctx.db, `files.readable:${admin ? 'admin' : 'member'}`, () => readableStatement(admin), values(actor, fileId));
  if (!row) throw notFound(FILE_ERRORS.notFound);
  if (row.owner_id === actor.id) return { ...row, via: 'owner' };
  if (row.participant) return { ...row, via: 'participant' };
  if (row.referral) return { ...row, via: 'referral' };
  if (row.group_case) return { ...row, via: 'case' };
  if (row.report) return { ...row, via: 'report' };
  throw notFound(FILE_ERRORS.notFound);
}

/** A thumbnail's question: only whether the reader may see the file, and where its bytes are; the owner asks nothing more. */
function thumbnailStatement(admin: boolean): SQL {
  const ways = waysIn(admin);
  return sql`SELECT f.storage FROM files f WHERE f.id = ${sql.placeholder('fileId')} AND f.has_thumbnail
    AND (f.owner_id = ${user} OR ${ways.participant} OR ${ways.referral} OR ${ways.group_case} OR ${ways.report})`;
}

/** Where the thumbnail of a file the reader may see is kept; 404 when there is none, or the reader may not see it. */
export async function readableThumbnail(ctx: AppContext, actor: CurrentUser, fileId: string): Promise<StorageKind> {
  const admin = isAdmin(actor);
  const [row] = await queryShaped<SqlRow<typeof files, 'storage'> & { storage: StorageKind /* narrowed by its CHECK */ }>(
    ctx.db, `files.thumbnail:${admin ? 'admin' : 'member'}`, () => thumbnailStatement(admin), values(actor, fileId));
  if (!row) throw notFound(FILE_ERRORS.notFound);
  return row.storage;
}
