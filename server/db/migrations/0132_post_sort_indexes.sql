-- Sorting the feed and a community. Top: most liked first, keyset on (likes_count, id); its period
-- (week, month) is a filter on created_at read along the index. Unanswered: newest first among posts without comments,
-- a partial index so it holds only those posts.
CREATE INDEX IF NOT EXISTS "posts_top_idx" ON "posts" ("likes_count" DESC NULLS LAST, "id" DESC NULLS LAST);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "posts_community_top_idx" ON "posts" ("community_id", "likes_count" DESC NULLS LAST, "id" DESC NULLS LAST);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "posts_unanswered_idx" ON "posts" ("created_at" DESC NULLS LAST, "id" DESC NULLS LAST) WHERE "comments_count" = 0;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "posts_community_unanswered_idx" ON "posts" ("community_id", "created_at" DESC NULLS LAST, "id" DESC NULLS LAST)
  WHERE "comments_count" = 0;
