// Creating, reading, changing and listing practices. The page is public: its locations, its members as clinicians
// with their availability, and how many of them accept clients ("3 of 7 clinicians accepting").
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import {
  PRACTICE_LIMITS, PRACTICE_TEXTS, type CreatePractice, type Practice, type PracticeListPage, type PracticeListQuery,
  type PracticeRole, type PracticeSummary, type UpdatePractice, MANAGING_ROLES,
} from '../../../common/practices.ts';
import type { AppContext } from '../../context.ts';
import { queryRows, type Db } from '../../db/client.ts';
import type { SqlRow } from '../../db/rows.ts';
import type { practices, users } from '../../db/schema.ts';
import type { CurrentUser } from '../../lib/auth.ts';
import { badRequest, notFound, PG, postgresCode } from '../../lib/errors.ts';
import { keepAnswerWithin } from '../../lib/idempotency.ts';
import { requireRole, roleIn } from './access.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** "Harbour Therapy & Co." → "harbour-therapy-co"; a name of no letters gets "practice". */
function slugOf(name: string): string {
  const base = name.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 60);
  return base || 'practice';
}
// A taken slug gets a short tail of letters (never digits alone, so a slug never reads as an id).
const tail = () => [...randomBytes(5)].map((b) => String.fromCharCode(97 + (b % 26))).join('');

const regionsOf = (locations: CreatePractice['locations']) => [...new Set(locations.map((l) => l.region))];
const citiesOf = (locations: CreatePractice['locations']) => locations.map((l) => l.city.toLowerCase()).join(' | ');

export async function createPractice(ctx: AppContext, user: CurrentUser, input: CreatePractice): Promise<Practice> {
  const base = slugOf(input.name);
  for (let attempt = 0; ; attempt++) {
    const slug = attempt === 0 ? base : `${base}-${tail()}`;
    try {
      return await ctx.db.transaction(async (tx) => {
        const t: Db = tx;
        const [row] = await queryRows<SqlRow<typeof practices, 'id'>>(t, sql`
          INSERT INTO practices (slug, name, description, website, phone, locations, regions, cities)
          VALUES (${slug}, ${input.name}, ${input.description}, ${input.website}, ${input.phone || null},
            ${JSON.stringify(input.locations)}::jsonb, ${`{${regionsOf(input.locations).join(',')}}`}::text[], ${citiesOf(input.locations)})
          RETURNING id`);
        await t.execute(sql`INSERT INTO practice_members (practice_id, user_id, role) VALUES (${row.id}, ${user.id}, 'owner')`);
        const answer = await readPractice({ ...ctx, db: t }, user, row.id);
        await keepAnswerWithin(t, answer);
        return answer;
      });
    } catch (error) {
      if (postgresCode(error) !== PG.uniqueViolation || attempt >= 3) throw error;
    }
  }
}

export async function updatePractice(ctx: AppContext, user: CurrentUser, id: string, input: UpdatePractice): Promise<Practice> {
  await requireRole(ctx.db, id, user.id, MANAGING_ROLES, PRACTICE_TEXTS.notManager);
  const sets = [
    input.name !== undefined ? sql`name = ${input.name}` : null,
    input.description !== undefined ? sql`description = ${input.description}` : null,
    input.website !== undefined ? sql`website = ${input.website}` : null,
    input.phone !== undefined ? sql`phone = ${input.phone || null}` : null,
    input.locations ? sql`locations = ${JSON.stringify(input.locations)}::jsonb, regions = ${`{${regionsOf(input.locations).join(',')}}`}::text[],
      cities = ${citiesOf(input.locations)}` : null,
  ].filter((s) => s !== null);
  if (sets.length) await ctx.db.execute(sql`UPDATE practices SET ${sql.join(sets, sql`, `)}, updated_at = now() WHERE id = ${id}`);
  return readPractice(ctx, user, id);
}

// The locations are JSON (jsonb, unknown to the schema's type) and the counts computed (COUNTS).
type SummaryRow = SqlRow<typeof practices, 'id' | 'slug' | 'name' | 'logo'> & {
  locations: { city: string; region: string }[]; clinician_count: number; accepting_count: number;
};
// Members as the page shows them: verified, enabled; clinicians are every member but intake coordinators.
const COUNTS = sql`
  (SELECT count(*)::int FROM practice_members m JOIN users u ON u.id = m.user_id
    WHERE m.practice_id = p.id AND m.role <> 'intake' AND u.verification_status = 'verified' AND NOT u.disabled) AS clinician_count,
  (SELECT count(*)::int FROM practice_members m JOIN users u ON u.id = m.user_id
    WHERE m.practice_id = p.id AND m.role <> 'intake' AND u.verification_status = 'verified' AND NOT u.disabled
      AND u.accepting_clients = 'accepting') AS accepting_count`;

const toSummary = (r: SummaryRow): PracticeSummary => ({
  _id: r.id, slug: r.slug, name: r.name, logo: r.logo, locations: r.locations, clinicianCount: r.clinician_count, acceptingCount: r.accepting_count,
});

/** GET /api/practices/{idOrSlug}: public; `myRole` for a member. */
export async function readPractice(ctx: Pick<AppContext, 'db'>, viewer: CurrentUser | null, idOrSlug: string): Promise<Practice> {
  const where = UUID.test(idOrSlug) ? sql`p.id = ${idOrSlug.toLowerCase()}` : sql`p.slug = ${idOrSlug.toLowerCase()}`;
  const [row] = await queryRows<SummaryRow & { description: string; website: string; phone: string | null }>(ctx.db, sql`
    SELECT p.id, p.slug, p.name, p.logo, p.locations, p.description, p.website, p.phone, ${COUNTS} FROM practices p WHERE ${where}`);
  if (!row) throw notFound(PRACTICE_TEXTS.notFound);
  const members = await queryRows<SqlRow<typeof users, 'id' | 'name' | 'avatar' | 'profession' | 'accepting_clients'> & { role: PracticeRole }>(ctx.db, sql`
    SELECT u.id, u.name, u.avatar, m.role, u.profession, u.accepting_clients
    FROM practice_members m JOIN users u ON u.id = m.user_id
    WHERE m.practice_id = ${row.id} AND u.verification_status = 'verified' AND NOT u.disabled
    ORDER BY array_position(ARRAY['owner','admin','clinician','intake'], m.role), u.name`);
  return {
    ...toSummary(row), description: row.description, website: row.website, phone: row.phone,
    members: members.map((m) => ({ _id: m.id, name: m.name, avatar: m.avatar, role: m.role, profession: m.profession, acceptingClients: m.accepting_clients })),
    myRole: viewer ? await roleIn(ctx.db, row.id, viewer.id) : null,
  };
}

// The list's cursor: the last practice's lower-case name and id, as base64url JSON.
const encodeCursor = (name: string, id: string) => Buffer.from(JSON.stringify([name, id])).toString('base64url');
function decodeCursor(cursor: string): [string, string] {
  try {
    const value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown;
    if (Array.isArray(value) && value.length === 2 && typeof value[0] === 'string' && typeof value[1] === 'string' && UUID.test(value[1])) {
      return [value[0], value[1]];
    }
  } catch { /* refused below */ }
  throw badRequest('cursor is not a valid cursor');
}

// Array parameters are cast explicitly so both drivers (pg and PGlite) send a text[]; options hold no quotes, but
// they are quoted anyway.
const textArray = (values: string[]) => sql`${`{${values.map((v) => `"${v.replace(/["\\]/g, (c) => `\\${c}`)}"`).join(',')}}`}::text[]`;
const likePattern = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The directory's filters on a practice's clinicians: one clinician (verified, enabled, not intake) matching them all.
 * The members' primary key leads from the practice to its few members, and each filter is a test on their row; for
 * a rare option the planner may instead start from the users' GIN indexes and join up through practice_members_user_idx.
 */
function clinicianMatch(input: PracticeListQuery) {
  const tests = [
    input.specialties?.length ? sql`u.specialties @> ${textArray(input.specialties)}` : null,
    input.modalities?.length ? sql`u.modalities @> ${textArray(input.modalities)}` : null,
    input.demographics?.length ? sql`u.demographics @> ${textArray(input.demographics)}` : null,
    input.sessionFormat?.length ? sql`u.session_format @> ${textArray(input.sessionFormat)}` : null,
    input.languages?.length ? sql`u.languages @> ${textArray(input.languages)}` : null,
    input.feeModels?.length ? sql`u.fee_models @> ${textArray(input.feeModels)}` : null,
    input.accepting?.length ? sql`u.accepting_clients = ANY(${textArray(input.accepting)})` : null,
  ].filter((t) => t !== null);
  if (!tests.length) return sql``;
  return sql`AND EXISTS (SELECT 1 FROM practice_members m JOIN users u ON u.id = m.user_id
    WHERE m.practice_id = p.id AND m.role <> 'intake' AND u.verification_status = 'verified' AND NOT u.disabled
      AND ${sql.join(tests, sql` AND `)})`;
}

/**
 * GET /api/practices: by name, a page at a time (keyset on lower(name), id: practices_name_id_idx). The practice's own
 * filters use its indexes (name and cities trigrams, regions GIN); the clinicians' are `clinicianMatch`.
 */
export async function listPractices(ctx: Pick<AppContext, 'db'>, input: PracticeListQuery): Promise<PracticeListPage> {
  const limit = PRACTICE_LIMITS.pageSize;
  const after = input.cursor ? decodeCursor(input.cursor) : null;
  const rows = await queryRows<SummaryRow & { lname: string }>(ctx.db, sql`
    SELECT p.id, p.slug, p.name, lower(p.name) AS lname, p.logo, p.locations, ${COUNTS} FROM practices p
    WHERE TRUE
      ${input.q ? sql`AND lower(p.name) LIKE ${likePattern(input.q)}` : sql``}
      ${input.location ? sql`AND p.cities LIKE ${likePattern(input.location)}` : sql``}
      ${input.region ? sql`AND p.regions @> ARRAY[${input.region}]::text[]` : sql``}
      ${clinicianMatch(input)}
      ${after ? sql`AND (lower(p.name), p.id) > (${after[0]}, ${after[1]}::uuid)` : sql``}
    ORDER BY lower(p.name), p.id LIMIT ${limit + 1}`);
  const shown = rows.slice(0, limit);
  const last = shown.at(-1);
  return { practices: shown.map(toSummary), nextCursor: rows.length > limit && last ? encodeCursor(last.lname, last.id) : null };
}
