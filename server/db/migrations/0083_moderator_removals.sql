-- When a moderator removed a post or a chat message (in a report's review). The tombstone text is what readers see; this
-- column is what the code decides on, so a member who happens to write the tombstone's words is not taken for removed.
ALTER TABLE "posts" ADD COLUMN IF NOT EXISTS "removed_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN IF NOT EXISTS "removed_at" timestamp with time zone;
