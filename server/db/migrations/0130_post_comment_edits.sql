-- Editing one's own post or comment: when it was last edited, shown as "edited" beside its time.
-- NULL until the first edit, so existing rows need no rewrite.
ALTER TABLE "posts" ADD COLUMN IF NOT EXISTS "edited_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "comments" ADD COLUMN IF NOT EXISTS "edited_at" timestamp with time zone;
