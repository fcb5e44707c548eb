-- Bookmarks: a member saves a post to read later. The primary key answers "did I save these posts" for a
-- page of posts; the second index serves the member's list, newest saved first, in cursor pages.
CREATE TABLE IF NOT EXISTS "post_bookmarks" (
  "user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "post_id" uuid NOT NULL REFERENCES "posts"("id") ON DELETE CASCADE,
  "created_at" timestamp with time zone NOT NULL DEFAULT now(),
  PRIMARY KEY ("user_id", "post_id")
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "post_bookmarks_user_created_idx" ON "post_bookmarks" ("user_id", "created_at" DESC NULLS LAST, "post_id" DESC NULLS LAST);
--> statement-breakpoint
-- Deleting a post removes its bookmarks through the foreign key: this index keeps that from scanning the table.
CREATE INDEX IF NOT EXISTS "post_bookmarks_post_idx" ON "post_bookmarks" ("post_id");
