// A consultation case's documents (docs/decisions/0330): a scoring sheet, a handout, a de-identified
// letter. Any member of the group shares their own uploads there (each once, as everywhere); the members read them
// and nobody else, administrators included: a member who leaves the group loses them with the case
// (GET /api/files/{id} asks the same question, server/features/files/access.ts).
import { sql } from 'drizzle-orm';
import type { Attachment } from '../../../common/files.ts';
import type { AppContext } from '../../context.ts';
import { queryRows, type Db } from '../../db/client.ts';
import type { CurrentUser } from '../../lib/auth.ts';
import { assertAttachable, attach, FILE_COLUMNS, toAttachment, type FileRow } from '../../lib/files/records.ts';
import { memberCase } from './cases.ts';

type Ids = { groupId: string; caseId: string };

export async function caseFiles(ctx: AppContext, user: CurrentUser, { groupId, caseId }: Ids): Promise<{ files: Attachment[] }> {
  await memberCase(ctx, user, groupId, caseId);
  return { files: await filesOf(ctx.db, caseId) };
}

export async function attachToCase(ctx: AppContext, user: CurrentUser, { groupId, caseId, fileIds }: Ids & { fileIds: string[] }): Promise<{ files: Attachment[] }> {
  await memberCase(ctx, user, groupId, caseId);
  await assertAttachable(ctx.db, user.id, fileIds);
  await ctx.db.transaction((tx) => attach(tx, user.id, fileIds, { caseId }));
  return { files: await filesOf(ctx.db, caseId) };
}

/** Everything shared on the case: its own documents and its comments' files, in the order they were attached. */
async function filesOf(db: Db, caseId: string): Promise<Attachment[]> {
  const rows = await queryRows<FileRow>(db, sql`
    SELECT ${FILE_COLUMNS} FROM files f WHERE f.case_id = ${caseId}::uuid ORDER BY f.attached_at, f.id`);
  return rows.map(toAttachment);
}
