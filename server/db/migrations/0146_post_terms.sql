-- Every post's search words, one row per (word, post), ordered newest first within a word
-- (docs/decisions/0091). A search walks the newest posts holding one of its required words instead of every post
-- newest first (common words) or every post holding the word (the GIN index): 61 rows of this index, not 4,000 posts.
-- Kept by a trigger: written with the post, rewritten when its words or time change, removed with it.
CREATE TABLE IF NOT EXISTS "post_terms" (
  "lexeme" text NOT NULL,
  "created_at" timestamptz NOT NULL,
  "post_id" uuid NOT NULL
);
--> statement-breakpoint
INSERT INTO "post_terms" ("lexeme", "created_at", "post_id")
  SELECT t.lexeme, p.created_at, p.id FROM "posts" p CROSS JOIN LATERAL unnest(tsvector_to_array(p.search)) AS t(lexeme)
  WHERE p.created_at IS NOT NULL;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "post_terms_walk_idx" ON "post_terms" ("lexeme", "created_at" DESC, "post_id" DESC);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "post_terms_sync"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    DELETE FROM post_terms WHERE lexeme = ANY (tsvector_to_array(OLD.search)) AND created_at = OLD.created_at AND post_id = OLD.id;
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.created_at IS NOT NULL THEN
    INSERT INTO post_terms (lexeme, created_at, post_id) SELECT l, NEW.created_at, NEW.id FROM unnest(tsvector_to_array(NEW.search)) AS l;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS "post_terms_sync_write" ON "posts";
--> statement-breakpoint
CREATE TRIGGER "post_terms_sync_write" AFTER INSERT OR DELETE ON "posts" FOR EACH ROW EXECUTE FUNCTION "post_terms_sync"();
--> statement-breakpoint
DROP TRIGGER IF EXISTS "post_terms_sync_edit" ON "posts";
--> statement-breakpoint
CREATE TRIGGER "post_terms_sync_edit" AFTER UPDATE OF "title", "content", "created_at" ON "posts" FOR EACH ROW
  WHEN (OLD.search IS DISTINCT FROM NEW.search OR OLD.created_at IS DISTINCT FROM NEW.created_at)
  EXECUTE FUNCTION "post_terms_sync"();
