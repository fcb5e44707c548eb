// Files as rows: presenting them, attaching them (only the owner, once) and finding what a message carries. Shared by
// the files feature and the features files are attached in (chat, referrals, consultation cases), which do not import
// one another.
import { sql, type SQL } from 'drizzle-orm';
import { FILE_ERRORS, thumbnailUrl, type Attachment, type FileKind } from '../../../common/files.ts';
import type { Config } from '../../config.ts';
import { queryRows, type Db } from '../../db/client.ts';
import { sqlColumns, type SqlRow } from '../../db/rows.ts';
import { files } from '../../db/schema.ts';
import { conflict, notFound } from '../errors.ts';
import { openStores, type Stores } from './storage.ts';

const FILE_KEYS = ['id', 'owner_id', 'name', 'size', 'content_type', 'kind', 'width', 'height', 'pages', 'has_thumbnail', 'storage',
  'message_id', 'referral_id', 'case_id', 'case_comment_id', 'attached_at', 'created_at'] as const;
export type FileRow = SqlRow<typeof files, (typeof FILE_KEYS)[number]>;
/** A file's columns, of the table named `f` in the statement. */
export const FILE_COLUMNS = sqlColumns(files, FILE_KEYS, 'f');

export function toAttachment(row: FileRow): Attachment {
  return {
    _id: row.id, name: row.name, size: Number(row.size), contentType: row.content_type, kind: row.kind as FileKind,
    ...(row.width ? { width: row.width } : {}), ...(row.height ? { height: row.height } : {}),
    ...(row.has_thumbnail ? { thumbnailUrl: thumbnailUrl(row.id) } : {}),
    ...(row.pages ? { pages: row.pages } : {}),
  };
}

const idList = (ids: string[]) => sql.join(ids.map((id) => sql`${id}::uuid`), sql`, `);

/**
 * Refuses unless every id is an upload of this member not attached anywhere yet (checked before a message is stored;
 * attach() checks again in the write, for two sends racing with the same file).
 */
export async function assertAttachable(db: Db, ownerId: string, ids: string[]): Promise<void> {
  if (!ids.length) return;
  if (new Set(ids).size !== ids.length) throw conflict(FILE_ERRORS.alreadyAttached);
  const rows = await queryRows<SqlRow<typeof files, 'id' | 'owner_id'> & { attached: boolean /* attached_at IS NOT NULL */ }>(db, sql`
    SELECT id, owner_id, attached_at IS NOT NULL AS attached FROM files WHERE id IN (${idList(ids)})`);
  for (const id of ids) {
    const row = rows.find((r) => r.id === id);
    if (!row) throw notFound(FILE_ERRORS.notFound);
    // Somebody else's upload reads as one that does not exist.
    if (row.owner_id !== ownerId) throw notFound(FILE_ERRORS.notFound);
    if (row.attached) throw conflict(FILE_ERRORS.alreadyAttached);
  }
}

/** Where a file is attached: a message, a referral, a consultation case, or a comment on one (with its case). */
type AttachTarget = { messageId: string } | { referralId: string } | { caseId: string; caseCommentId?: string };

function targetOf(to: AttachTarget): SQL {
  if ('messageId' in to) return sql`message_id = ${to.messageId}`;
  if ('referralId' in to) return sql`referral_id = ${to.referralId}`;
  return sql`case_id = ${to.caseId}, case_comment_id = ${to.caseCommentId ?? null}::uuid`;
}

/** Attaches the member's unattached uploads to a message, a referral or a case; answers them, in the order given. */
export async function attach(db: Db, ownerId: string, ids: string[], to: AttachTarget): Promise<Attachment[]> {
  if (!ids.length) return [];
  const target = targetOf(to);
  // One statement updates the rows in whatever order the plan visits them, so the attach time is the statement's plus
  // a microsecond per place in the list: readers that order by it see the files in the order the member gave.
  const rows = await queryRows<FileRow>(db, sql`
    UPDATE files f SET ${target}, attached_at = statement_timestamp() + (o.place * interval '1 microsecond')
    FROM unnest(ARRAY[${idList(ids)}]) WITH ORDINALITY AS o(id, place)
    WHERE f.id = o.id AND f.owner_id = ${ownerId} AND f.attached_at IS NULL
    RETURNING ${FILE_COLUMNS}`);
  // Another send took one of them first: the caller's transaction is undone.
  if (rows.length !== ids.length) throw conflict(FILE_ERRORS.alreadyAttached);
  return ids.map((id) => toAttachment(rows.find((r) => r.id === id)!));
}

/** The attachments of these messages, by message, each list in the order they were attached. */
async function attachmentsOf(db: Db, messageIds: string[]): Promise<Map<string, Attachment[]>> {
  const found = new Map<string, Attachment[]>();
  if (!messageIds.length) return found;
  const rows = await queryRows<FileRow>(db, sql`
    SELECT ${FILE_COLUMNS} FROM files f WHERE f.message_id IN (${idList(messageIds)}) ORDER BY f.attached_at, f.created_at, f.id`);
  for (const row of rows) found.set(row.message_id!, [...(found.get(row.message_id!) ?? []), toAttachment(row)]);
  return found;
}

/** Adds `attachments` to each message (those of a page, an event). */
export async function withAttachments<T extends { _id: string }>(db: Db, messages: T[]): Promise<(T & { attachments: Attachment[] })[]> {
  const byMessage = await attachmentsOf(db, messages.map((m) => m._id));
  return messages.map((m) => ({ ...m, attachments: byMessage.get(m._id) ?? [] }));
}

/** Removes a message's files (unsend): their rows now, their bytes by the files job (file_deletions). Answers their ids. */
export async function removeMessageFiles(db: Db, messageId: string): Promise<string[]> {
  const rows = await queryRows<SqlRow<typeof files, 'id'>>(db, sql`DELETE FROM files WHERE message_id = ${messageId} RETURNING id`);
  return rows.map((r) => r.id);
}

// One pair of stores per database: the app's routes, its jobs and the migration script share the S3 client.
const stores = new WeakMap<Db, Stores>();
export function storesOf(db: Db, config: Pick<Config, 'files'>): Stores {
  let found = stores.get(db);
  if (!found) {
    found = openStores(db, config.files);
    stores.set(db, found);
  }
  return found;
}
