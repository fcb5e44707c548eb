-- Documents (issue 33, docs/decisions/0220): uploaded files, attached once to a chat message or an accepted referral.
-- The bytes are elsewhere (file_blobs below, or an S3 bucket), always encrypted (server/lib/files/crypto.ts); `storage`
-- says where, so `npm run files:migrate` can move them one at a time. A file with neither message nor referral is
-- waiting to be attached (purged after 24 hours). Deleting a message, a referral or a member deletes their files' rows;
-- the trigger queues the bytes' removal (file_deletions), which the files job carries out in whichever backend.
CREATE TABLE IF NOT EXISTS "files" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  "owner_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "name" text NOT NULL,
  "size" bigint NOT NULL,
  "content_type" text NOT NULL,
  "kind" text NOT NULL,
  "width" integer,
  "height" integer,
  "pages" integer,
  "has_thumbnail" boolean NOT NULL DEFAULT false,
  "storage" text NOT NULL,
  "message_id" uuid REFERENCES "messages"("id") ON DELETE CASCADE,
  "referral_id" uuid REFERENCES "referrals"("id") ON DELETE CASCADE,
  "attached_at" timestamp with time zone,
  "created_at" timestamp with time zone NOT NULL DEFAULT now(),
  CONSTRAINT "files_kind_check" CHECK ("kind" IN ('image', 'pdf', 'document', 'text')),
  CONSTRAINT "files_storage_check" CHECK ("storage" IN ('db', 's3')),
  CONSTRAINT "files_name_length_check" CHECK (char_length("name") BETWEEN 1 AND 200),
  CONSTRAINT "files_attached_once_check" CHECK ("message_id" IS NULL OR "referral_id" IS NULL)
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "files_owner_idx" ON "files" ("owner_id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "files_message_idx" ON "files" ("message_id") WHERE "message_id" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "files_referral_idx" ON "files" ("referral_id") WHERE "referral_id" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "files_unattached_idx" ON "files" ("created_at") WHERE "attached_at" IS NULL;
--> statement-breakpoint
-- The database backend's objects: ciphertext in pieces of a fixed size (the last shorter), so a Range read starts at
-- the right piece. Keyed by object name, not by file: a file's main bytes and its thumbnail are two objects.
CREATE TABLE IF NOT EXISTS "file_blobs" (
  "key" text NOT NULL,
  "seq" integer NOT NULL,
  "bytes" bytea NOT NULL,
  PRIMARY KEY ("key", "seq")
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "file_deletions" (
  "key" text NOT NULL,
  "storage" text NOT NULL,
  "created_at" timestamp with time zone NOT NULL DEFAULT now(),
  PRIMARY KEY ("key", "storage")
);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION files_queue_deletion() RETURNS trigger AS $$
BEGIN
  INSERT INTO file_deletions (key, storage) VALUES (OLD.id::text, OLD.storage) ON CONFLICT DO NOTHING;
  IF OLD.has_thumbnail THEN
    INSERT INTO file_deletions (key, storage) VALUES (OLD.id::text || '.thumb', OLD.storage) ON CONFLICT DO NOTHING;
  END IF;
  RETURN OLD;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
DROP TRIGGER IF EXISTS files_deleted ON files;
--> statement-breakpoint
CREATE TRIGGER files_deleted AFTER DELETE ON files FOR EACH ROW EXECUTE FUNCTION files_queue_deletion();
