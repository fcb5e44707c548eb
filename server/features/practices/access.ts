// Who a caller is to a practice. Practices are public (their page and the directory); what members do in one is
// decided here: the role they hold, or a 403 in the project's words. Platform administrators hold no role in a
// practice and never read its inbox (decision 0051's rule for referrals, docs/decisions/0245).
import { sql } from 'drizzle-orm';
import { PRACTICE_TEXTS, type PracticeRole } from '../../../common/practices.ts';
import { queryRows, type Db } from '../../db/client.ts';
import type { SqlRow } from '../../db/rows.ts';
import type { practiceMembers, practices } from '../../db/schema.ts';
import { forbidden, notFound } from '../../lib/errors.ts';

export type PracticeRow = SqlRow<typeof practices, 'id' | 'slug' | 'name'>;

export async function findPractice(db: Db, id: string): Promise<PracticeRow> {
  const [row] = await queryRows<PracticeRow>(db, sql`SELECT id, slug, name FROM practices WHERE id = ${id}`);
  if (!row) throw notFound(PRACTICE_TEXTS.notFound);
  return row;
}

export async function roleIn(db: Db, practiceId: string, userId: string): Promise<PracticeRole | null> {
  const [row] = await queryRows<SqlRow<typeof practiceMembers, 'role'> & { role: PracticeRole /* narrowed by its CHECK */ }>(db, sql`
    SELECT role FROM practice_members WHERE practice_id = ${practiceId} AND user_id = ${userId}`);
  return row?.role ?? null;
}

/** The caller's role, which must be one of `allowed`; the practice must exist (404 before 403). */
export async function requireRole(db: Db, practiceId: string, userId: string, allowed: readonly PracticeRole[], refusal: string) {
  const practice = await findPractice(db, practiceId);
  const role = await roleIn(db, practiceId, userId);
  if (!role || !allowed.includes(role)) throw forbidden(refusal);
  return { practice, role };
}
