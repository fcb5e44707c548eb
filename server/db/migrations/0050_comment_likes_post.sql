-- A comment like also names the comment's post, so "which comments of this post does this reader like" is one range of
-- (user_id, post_id) instead of a probe per comment: a thread of 500 comments is read for every reader
-- (docs/decisions/0022). Existing likes take their comment's post.
ALTER TABLE "comment_likes" ADD COLUMN IF NOT EXISTS "post_id" uuid;--> statement-breakpoint
UPDATE "comment_likes" l SET "post_id" = c."post_id" FROM "comments" c WHERE c."id" = l."comment_id" AND l."post_id" IS NULL;--> statement-breakpoint
ALTER TABLE "comment_likes" ALTER COLUMN "post_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "comment_likes" ADD CONSTRAINT "comment_likes_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "comment_likes_user_post_idx" ON "comment_likes" USING btree ("user_id","post_id");
