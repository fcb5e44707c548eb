-- A verified member's new name waits here for an administrator; the old name shows until then.
ALTER TABLE "users" ADD COLUMN IF NOT EXISTS "pending_name" text;
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN IF NOT EXISTS "pending_name_at" timestamp with time zone;
--> statement-breakpoint
-- The administrators' queue of name changes, oldest first; only the few waiting rows are indexed.
CREATE INDEX IF NOT EXISTS "users_pending_name_idx" ON "users" ("pending_name_at", "id") WHERE "pending_name" IS NOT NULL;
--> statement-breakpoint
-- Finding 14: avatars are https only. An http avatar was blocked by the CSP on every page anyway; the initials show.
UPDATE "users" SET "avatar" = NULL WHERE "avatar" IS NOT NULL AND lower("avatar") NOT LIKE 'https://%';
