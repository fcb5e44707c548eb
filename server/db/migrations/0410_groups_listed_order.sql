-- The listing of groups with open seats (GET /api/groups) reads newest first, `ORDER BY created_at DESC, id DESC`,
-- whose nulls come first; the index was built NULLS LAST, so PostgreSQL could not walk it in that order and sorted
-- every listed group instead (bench/groups.ts: a word every group has, 20,000 groups). Built again in the query's order
-- (docs/decisions/0336).
DROP INDEX IF EXISTS "consultation_groups_listed_idx";
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "consultation_groups_listed_idx" ON "consultation_groups" USING btree ("created_at" DESC NULLS FIRST, "id" DESC NULLS FIRST)
  WHERE "consultation_groups"."visibility" = 'listed' AND "consultation_groups"."members_count" < "consultation_groups"."max_members";
