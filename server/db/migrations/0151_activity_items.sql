-- The activity feed as one index range (docs/decisions/0101). Every post, every comment not deleted and every
-- published resource is one row here, in the feed's order (at, id); a page reads 30 rows of it from the cursor down and
-- joins names by primary key for those rows only, instead of 30 rows of three indexes each joined to their names.
-- The rules that depend on other rows (a post's community exists, names and titles are not empty) are applied by those
-- joins when a page is read, so renaming a member, a community or a post changes nothing here.
-- Kept by triggers on posts, comments and resources, so it is right whatever writes them (the app, seeds, by hand).
CREATE TABLE IF NOT EXISTS "activity_items" (
  -- A post's or comment's created_at; a resource's approved_at (it becomes news when it is published).
  "at" timestamptz NOT NULL,
  -- The post's, comment's or resource's own id.
  "id" uuid NOT NULL,
  "type" text NOT NULL,
  -- NEW_POST: the post itself; NEW_COMMENT: the comment's post. NULL for a resource.
  "post_id" uuid,
  "author_id" uuid,
  -- A resource's title (its own row decides everything about it); NULL for posts and comments, whose names are joined.
  "title" text
);
--> statement-breakpoint
-- Written in the feed's order, so a page's rows share a few heap pages.
INSERT INTO "activity_items" ("at", "id", "type", "post_id", "author_id", "title")
  SELECT created_at, id, 'NEW_POST', id, author_id, NULL FROM posts
  UNION ALL
  SELECT created_at, id, 'NEW_COMMENT', post_id, author_id, NULL FROM comments WHERE NOT deleted
  UNION ALL
  SELECT approved_at, id, 'NEW_RESOURCE', NULL, NULL, title FROM resources
    WHERE is_approved AND approved_at IS NOT NULL AND title <> ''
  ORDER BY 1, 2;
--> statement-breakpoint
-- Read backwards for newest first; ids are unique across the three tables (random uuids), so (at, id) is a key.
ALTER TABLE "activity_items" ADD CONSTRAINT "activity_items_pkey" PRIMARY KEY ("at", "id");
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "activity_items_post"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    DELETE FROM activity_items WHERE at = OLD.created_at AND id = OLD.id;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    INSERT INTO activity_items (at, id, type, post_id, author_id) VALUES (NEW.created_at, NEW.id, 'NEW_POST', NEW.id, NEW.author_id);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "activity_items_comment"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    DELETE FROM activity_items WHERE at = OLD.created_at AND id = OLD.id;
  END IF;
  -- A deleted comment ('[deleted]', kept while it has replies) is not news.
  IF TG_OP <> 'DELETE' AND NOT NEW.deleted THEN
    INSERT INTO activity_items (at, id, type, post_id, author_id) VALUES (NEW.created_at, NEW.id, 'NEW_COMMENT', NEW.post_id, NEW.author_id);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "activity_items_resource"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' AND OLD.approved_at IS NOT NULL THEN
    DELETE FROM activity_items WHERE at = OLD.approved_at AND id = OLD.id;
  END IF;
  -- Published: approved, with its approval time, and a title to show.
  IF TG_OP <> 'DELETE' AND NEW.is_approved AND NEW.approved_at IS NOT NULL AND NEW.title <> '' THEN
    INSERT INTO activity_items (at, id, type, title) VALUES (NEW.approved_at, NEW.id, 'NEW_RESOURCE', NEW.title);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Emptied tables take their items with them (nothing in the app truncates; tests and maintenance might).
CREATE OR REPLACE FUNCTION "activity_items_truncate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM activity_items WHERE type = TG_ARGV[0];
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS "activity_items_post_write" ON "posts";
--> statement-breakpoint
CREATE TRIGGER "activity_items_post_write" AFTER INSERT OR DELETE ON "posts" FOR EACH ROW EXECUTE FUNCTION "activity_items_post"();
--> statement-breakpoint
-- Edits of a title or text change nothing here: titles are joined when a page is read.
DROP TRIGGER IF EXISTS "activity_items_post_edit" ON "posts";
--> statement-breakpoint
CREATE TRIGGER "activity_items_post_edit" AFTER UPDATE OF "id", "created_at", "author_id" ON "posts" FOR EACH ROW
  WHEN (OLD.id IS DISTINCT FROM NEW.id OR OLD.created_at IS DISTINCT FROM NEW.created_at OR OLD.author_id IS DISTINCT FROM NEW.author_id)
  EXECUTE FUNCTION "activity_items_post"();
--> statement-breakpoint
DROP TRIGGER IF EXISTS "activity_items_comment_write" ON "comments";
--> statement-breakpoint
CREATE TRIGGER "activity_items_comment_write" AFTER INSERT OR DELETE ON "comments" FOR EACH ROW EXECUTE FUNCTION "activity_items_comment"();
--> statement-breakpoint
DROP TRIGGER IF EXISTS "activity_items_comment_edit" ON "comments";
--> statement-breakpoint
CREATE TRIGGER "activity_items_comment_edit" AFTER UPDATE OF "id", "deleted", "created_at", "post_id", "author_id" ON "comments" FOR EACH ROW
  WHEN (OLD.id IS DISTINCT FROM NEW.id OR OLD.deleted IS DISTINCT FROM NEW.deleted OR OLD.created_at IS DISTINCT FROM NEW.created_at
    OR OLD.post_id IS DISTINCT FROM NEW.post_id OR OLD.author_id IS DISTINCT FROM NEW.author_id)
  EXECUTE FUNCTION "activity_items_comment"();
--> statement-breakpoint
DROP TRIGGER IF EXISTS "activity_items_resource_write" ON "resources";
--> statement-breakpoint
CREATE TRIGGER "activity_items_resource_write" AFTER INSERT OR DELETE ON "resources" FOR EACH ROW EXECUTE FUNCTION "activity_items_resource"();
--> statement-breakpoint
DROP TRIGGER IF EXISTS "activity_items_resource_edit" ON "resources";
--> statement-breakpoint
CREATE TRIGGER "activity_items_resource_edit" AFTER UPDATE OF "id", "is_approved", "approved_at", "title" ON "resources" FOR EACH ROW
  WHEN (OLD.id IS DISTINCT FROM NEW.id OR OLD.is_approved IS DISTINCT FROM NEW.is_approved
    OR OLD.approved_at IS DISTINCT FROM NEW.approved_at OR OLD.title IS DISTINCT FROM NEW.title)
  EXECUTE FUNCTION "activity_items_resource"();
--> statement-breakpoint
DROP TRIGGER IF EXISTS "activity_items_post_truncate" ON "posts";
--> statement-breakpoint
CREATE TRIGGER "activity_items_post_truncate" AFTER TRUNCATE ON "posts" FOR EACH STATEMENT EXECUTE FUNCTION "activity_items_truncate"('NEW_POST');
--> statement-breakpoint
DROP TRIGGER IF EXISTS "activity_items_comment_truncate" ON "comments";
--> statement-breakpoint
CREATE TRIGGER "activity_items_comment_truncate" AFTER TRUNCATE ON "comments" FOR EACH STATEMENT EXECUTE FUNCTION "activity_items_truncate"('NEW_COMMENT');
--> statement-breakpoint
DROP TRIGGER IF EXISTS "activity_items_resource_truncate" ON "resources";
--> statement-breakpoint
CREATE TRIGGER "activity_items_resource_truncate" AFTER TRUNCATE ON "resources" FOR EACH STATEMENT EXECUTE FUNCTION "activity_items_truncate"('NEW_RESOURCE');
